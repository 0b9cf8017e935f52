// A date field of a plain GET form (the audit log's and the statistics' periods): written and typed in the
// app's order whatever the browser's locale, sent as YYYY-MM-DD (components/DateField.tsx).
import { island } from "../framework/island.tsx";
import { DateField } from "../components/DateField.tsx";
import { DATE_FIELD_TEXTS } from "../lib/rules/wall_clock.ts";

export default island("DateField", DateField, { ns: DATE_FIELD_TEXTS });
