import { useT } from "../../framework/island.tsx";
import type { ListPageData } from "../../lib/segments/pages.ts";
import { SEGMENT_STATUSES } from "../../lib/rules/segments.ts";

/** Search and status filter of the list: a plain GET form, so the filtered list has its own address. */
export function ListFilters({ data }: { data: ListPageData }) {
  const { t } = useT();
  return (
    <form class="list-filters" method="get" action="/interactions" role="search">
      <div class="field">
        <label for="segment-search">{t("interactions.search_label")}</label>
        <input
          id="segment-search"
          name="search"
          type="search"
          value={data.search}
          placeholder={t("interactions.search_placeholder")}
        />
      </div>
      <div class="field">
        <label for="segment-status">{t("interactions.status_label")}</label>
        <select id="segment-status" name="status">
          {["all", ...SEGMENT_STATUSES].map((s) => (
            <option value={s} selected={data.status === s}>{t(`interactions.statuses.${s}`)}</option>
          ))}
        </select>
      </div>
      <button class="btn btn-secondary" type="submit">{t("interactions.filter")}</button>
    </form>
  );
}

/** Previous / next links keeping the filters, with the page count and the total. */
export function Pagination({ data }: { data: ListPageData }) {
  const { t } = useT();
  const href = (page: number) => {
    const q = new URLSearchParams();
    if (data.search) q.set("search", data.search);
    if (data.status !== "all") q.set("status", data.status);
    q.set("page", String(page));
    return `/interactions?${q}`;
  };
  return (
    <nav class="pagination" aria-label={t("interactions.pagination")}>
      <span class="muted">{t("counts.interactions", { count: data.total })}</span>
      <span class="pagination-links">
        {data.page > 1
          ? (
            <a class="btn btn-secondary btn-sm" rel="prev" href={href(data.page - 1)}>
              {t("interactions.previous")}
            </a>
          )
          : null}
        <span>{t("interactions.page_of", { page: data.page, pages: data.pages })}</span>
        {data.page < data.pages
          ? (
            <a class="btn btn-secondary btn-sm" rel="next" href={href(data.page + 1)}>
              {t("interactions.next")}
            </a>
          )
          : null}
      </span>
    </nav>
  );
}
