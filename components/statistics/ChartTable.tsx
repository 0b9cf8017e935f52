// A chart's data as a table of two columns (label, value): its text alternative, on the dashboard and on
// an interaction's statistics panel.

export function ChartTable(
  { title, header, rows }: {
    title: string;
    header: readonly string[];
    rows: { label: string; value: number }[];
  },
) {
  return (
    <table>
      <caption class="visually-hidden">{title}</caption>
      <thead>
        <tr>
          <th scope="col">{header[0]}</th>
          <th scope="col">{header[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr>
            <th scope="row">{r.label}</th>
            <td>{r.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
