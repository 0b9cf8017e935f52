// Sections of the locale texts a page carries (island option `ns`): a top-level part of the locale files
// ("widget") or a path inside one ("channel_widget.login", "widget.record").

/**
 * The sections of `wanted` that the `present` ones do not hold: a section holds itself and every path
 * inside it ("widget" holds "widget.record", not the other way round).
 * @example missingSections(["widget.record"], ["widget", "common.brand"]) // ["widget", "common.brand"]
 */
export const missingSections = (present: string[], wanted: string[]): string[] =>
  wanted.filter((section) => !present.some((p) => `${section}.`.startsWith(`${p}.`)));
