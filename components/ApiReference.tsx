import { useT } from "../framework/island.tsx";

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string } }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}

/** What the reference reads of an OpenAPI document: its operations by path and method. */
export interface ApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/** A readable reference of the OpenAPI document, served at /api/docs with no script. */
export function ApiReference({ doc }: { doc: ApiDocument }) {
  const { t } = useT();
  const entries = Object.entries(doc.paths ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <main class="api-docs">
      <h1>{t("api.docs_title")}</h1>
      <p>
        <a href="/api/openapi.json">/api/openapi.json</a>
      </p>
      {entries.map(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => (
          <section class="card api-op" id={`${method}-${path}`}>
            <h2>
              <span class={`badge method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>
            </h2>
            {op.summary && <p>{op.summary}</p>}
            {op.description && <p class="muted">{op.description}</p>}
            {op.parameters?.length
              ? (
                <ul>
                  {op.parameters.map((p) => (
                    <li>
                      <code>{p.name}</code> ({p.in}
                      {p.required ? ", required" : ""}){p.schema?.type ? `: ${p.schema.type}` : ""}
                    </li>
                  ))}
                </ul>
              )
              : null}
            <p class="muted">
              {Object.entries(op.responses ?? {}).map(([status, r]) => `${status} ${r.description ?? ""}`)
                .join(" · ")}
            </p>
          </section>
        ))
      )}
    </main>
  );
}
