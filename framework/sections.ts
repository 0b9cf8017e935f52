// Sections of the locale texts a page carries (island option `ns`): a top-level part of the locale files
// ("widget") or a path inside one ("channel_widget.login", "widget.record").

/**
 * The sections of `wanted` that the `present` ones do not hold: a section holds itself and every path
 * inside it ("widget" holds "widget.record", not the other way round).
 * @example missingSections(["widget.record"], ["widget", "common.brand"]) // ["widget", "common.brand"]
 */
export function missingSections(present: Iterable<string>, wanted: Iterable<string>): string[] {
  const held = [...present];
  const missing = new Set<string>();
  for (const section of wanted) {
    if (!held.some((p) => section === p || section.startsWith(`${p}.`))) missing.add(section);
  }
  return [...missing];
}
