// Islands on the server: the marker and JSON props a page carries for each interactive part, the texts'
// namespaces it needs, and the context that gives components the page's language.
import type { ComponentType, JSX } from "preact";
import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { TFunction } from "../lib/rules/i18n.ts";

/** What an island or component needs to speak the page's language. */
export interface I18nValue {
  t: TFunction;
  lang: string;
}

export const I18nContext = createContext<I18nValue>({ t: ((key: string) => key) as TFunction, lang: "fr" });

/** The translator of the page (server) or of the hydrated island (client). */
export function useT(): I18nValue {
  return useContext(I18nContext);
}

/** Islands rendered by the current synchronous server render, with the locale sections they use. */
export const renderedIslands = { names: new Set<string>(), namespaces: new Set<string>() };

const IS_SERVER = typeof document === "undefined";

export interface IslandOptions {
  /** Top-level sections of the locale files the island's texts come from. */
  ns?: string[];
  /** Hydrate only when scrolled into view. */
  lazy?: boolean;
}

/**
 * Declares an island: on the server it renders inside a marker carrying its name and JSON props,
 * which the client loader hydrates; on the client it is the component itself.
 * Props are a plain object of JSON values (they travel in `data-props`), typed by the island itself.
 * @example export default island("QrDownload", QrDownload, { ns: ["qr"] });
 */
export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  options: IslandOptions = {},
): ComponentType<P> {
  if (!IS_SERVER) return Component;
  const Wrapped = (props: P): JSX.Element => {
    renderedIslands.names.add(name);
    for (const ns of options.ns ?? []) renderedIslands.namespaces.add(ns);
    return (
      <div
        data-island={name}
        data-props={JSON.stringify(props)}
        data-lazy={options.lazy ? "" : undefined}
        style="display:contents"
      >
        <Component {...props} />
      </div>
    );
  };
  Wrapped.displayName = `Island(${name})`;
  return Wrapped;
}
