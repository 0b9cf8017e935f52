import assert from "node:assert/strict";
import { z } from "zod";
import { type FieldIssue, fieldMessages, issueCode, storedSwitches } from "../../lib/rules/field_errors.ts";
import { channelFieldsSchema, customisationSchema } from "../../lib/rules/channel_schema.ts";
import { defaultCustomisation } from "../../lib/rules/customisation.ts";
import { translator } from "../../app/i18n.ts";
import { LANGUAGES } from "../../lib/rules/i18n.ts";

const codesOf = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join("."), issueCode(i as FieldIssue)]),
  );

Deno.test("field errors - a zod issue becomes a code a form can translate, never zod's English", () => {
  const schema = z.object({
    name: z.string().trim().min(1),
    note: z.string().max(3),
    count: z.number().min(2),
    email: z.string().email(),
    missing: z.string(),
    own: z.string().refine(() => false, "segment_title_required"),
    other: z.enum(["a", "b"]),
  });
  assert.deepEqual(codesOf(schema, { name: " ", note: "abcd", count: 1, email: "x", own: "", other: "c" }), {
    name: "field_required",
    note: "field_too_long",
    count: "field_out_of_range",
    email: "email_invalid",
    missing: "field_required",
    own: "segment_title_required",
    other: "invalid_field",
  });
});

Deno.test("field errors - an empty channel name has its own code", () => {
  const issues = channelFieldsSchema.pick({ label: true }).safeParse({ label: "   " }).error!.issues;
  assert.deepEqual(issues.map((i) => issueCode(i as FieldIssue)), ["channel_name_required"]);
});

Deno.test("field errors - each field gets its messages in the person's language, under its first path segment", () => {
  const fields = {
    label: ["channel_name_required"],
    "segment_customisation.character_text_zone_length": ["field_out_of_range"],
    email: ["email_invalid", "email_invalid"],
    phone: ["no_such_code"],
  };
  assert.deepEqual(fieldMessages(fields, translator("en")), {
    label: "Give the media a name.",
    segment_customisation: "This value is outside the allowed range.",
    email: "The email address is not valid.",
    phone: "This value is not valid.",
  });
  assert.equal(fieldMessages(fields, translator("fr")).label, "Donnez un nom au média.");
  assert.deepEqual(fieldMessages(undefined, translator("en")), {});
});

Deno.test("field errors - every generic code is written in all five languages", () => {
  const codes = [
    "invalid_field",
    "field_required",
    "field_too_long",
    "field_out_of_range",
    "channel_name_required",
  ];
  for (const language of LANGUAGES) {
    const t = translator(language);
    for (const code of codes) {
      const text = t(`errors.${code}`);
      assert.ok(text && text !== `errors.${code}`, `${language} errors.${code}`);
    }
    // each language's own text, not French's fallback (French is the fallback)
    if (language !== "fr") {
      assert.notEqual(t("errors.channel_name_required"), translator("fr")("errors.channel_name_required"));
    }
  }
});

Deno.test("field errors - a refused switch goes back to its stored value, typed text stays as typed", () => {
  const stored = {
    title: "Stored",
    gather_information: false,
    information_to_gather: { email: { active: false, mandatory: false } },
    choices: [{ id: 1, label: "A" }],
  };
  assert.deepEqual(
    storedSwitches(stored, {
      title: "Typed",
      gather_information: true,
      information_to_gather: { email: { active: true, mandatory: false } },
      choices: [{ id: 1, label: "B" }],
    }),
    { gather_information: false, information_to_gather: { email: { active: false, mandatory: false } } },
  );
  assert.deepEqual(storedSwitches(stored, { title: "Typed" }), {});
});

Deno.test("field errors - every refusal of the channel and customisation forms has its own text in five languages", () => {
  const channel = codesOf(channelFieldsSchema, {
    label: " ",
    primary_color: "red",
    background: "bg-99",
    header_url: "ftp://example.org",
    segment_customisation: { character_text_zone_length: 5 },
    time_zone: "Mars/Olympus",
    ftp_host: "http://example.org",
    ftp_folder: "../up",
    ftp_naming: "{unknown}",
    sftp_private_key: "not a key",
    s3_bucket: "UPPER",
    s3_region: "EU West",
  });
  const customisation = codesOf(customisationSchema, {
    ...defaultCustomisation(),
    background_outer: "red",
    title_consent: "t".repeat(201),
    text_personal: "t".repeat(501),
    consent_gdpr_text: "t".repeat(5001),
  });
  assert.deepEqual(customisation, {
    background_outer: "color",
    title_consent: "text_max_200",
    text_personal: "text_max_500",
    consent_gdpr_text: "text_max_5000",
  });
  const codes = [...new Set([...Object.values(channel), ...Object.values(customisation)])];
  assert.equal(Object.keys(channel).length, 12, JSON.stringify(channel));
  for (const language of LANGUAGES) {
    const t = translator(language);
    const messages = fieldMessages(Object.fromEntries(codes.map((c) => [c, [c]])), t);
    for (const code of codes) {
      assert.notEqual(
        messages[code],
        t("errors.invalid_field"),
        `${language} ${code} has only the generic text`,
      );
      assert.notEqual(messages[code], t("errors.field_out_of_range"), `${language} ${code}`);
    }
  }
});
