import assert from "node:assert/strict";
import {
  type AppUserRow,
  appUserView,
  checkEmail,
  checkPassword,
  checkPhone,
  formatBirthDate,
  nicknameProblem,
  parseBirthDate,
} from "../../lib/rules/app_users.ts";
import { AppError } from "../../lib/rules/errors.ts";
import { pagination, paginationHeaders } from "../../lib/rules/paging.ts";

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as AppError).code;
  }
  return null;
};

Deno.test("app users - birthday DD/MM/YYYY must be a real past date", async (t) => {
  const now = new Date("2026-06-15T12:00:00Z");
  const cases: [string, string | null][] = [
    ["29/02/2024", "2024-02-29"],
    ["01/01/1900", "1900-01-01"],
    ["15/06/2026", "2026-06-15"],
    [" 05/11/1990 ", "1990-11-05"],
    ["29/02/2023", null],
    ["31/04/2000", null],
    ["00/01/2000", null],
    ["01/00/2000", null],
    ["32/01/2000", null],
    ["16/06/2026", null],
    ["31/12/1899", null],
    ["1/1/2000", null],
    ["2000-01-01", null],
    ["", null],
  ];
  for (const [text, iso] of cases) {
    await t.step(`${JSON.stringify(text)} → ${iso}`, () => assert.equal(parseBirthDate(text, now), iso));
  }
  assert.equal(formatBirthDate("1990-11-05"), "05/11/1990");
  assert.equal(formatBirthDate(new Date("1990-11-05T00:00:00Z")), "05/11/1990");
  assert.equal(formatBirthDate(null), null);
});

Deno.test("app users - nickname, email, password and phone rules of §5", () => {
  assert.equal(nicknameProblem(""), "nickname_required");
  assert.equal(nicknameProblem("   "), "nickname_required");
  assert.equal(nicknameProblem("a"), "nickname_invalid");
  assert.equal(nicknameProblem("ab"), null);
  assert.equal(nicknameProblem("é".repeat(30)), null);
  assert.equal(nicknameProblem("é".repeat(31)), "nickname_invalid");
  assert.equal(nicknameProblem("tab\there"), "nickname_invalid");
  assert.equal(checkEmail(" Some.One@Example.COM "), "some.one@example.com");
  assert.equal(codeOf(() => checkEmail("no-at-sign")), "email_invalid");
  assert.equal(codeOf(() => checkEmail(`${"a".repeat(250)}@b.cd`)), "email_invalid");
  assert.equal(checkPassword("12345678"), "12345678");
  assert.equal(codeOf(() => checkPassword("1234567")), "password_too_short");
  assert.equal(codeOf(() => checkPassword("x".repeat(129))), "password_too_long");
  assert.equal(checkPhone(""), null);
  assert.equal(checkPhone("0612345678"), "0612345678");
  assert.equal(checkPhone(" +336 123 45678 "), "+336 123 45678");
  assert.equal(checkPhone("061.234.5678"), "061.234.5678");
  assert.equal(codeOf(() => checkPhone("12345")), "phone_invalid");
});

Deno.test("app users - the view never carries the password hash; anonymous users have no level", () => {
  const row: AppUserRow = {
    id: 1,
    channel_id: null,
    udid: "d",
    is_anonymous: false,
    language: "fr",
    nickname: "Nick",
    city: null,
    phone: null,
    email: "a@b.cd",
    password_hash: "$argon2id$secret",
    first_name: null,
    last_name: null,
    receive_emails: false,
    birth_date: null,
    avatar_url: null,
    points: 250,
    created_at: new Date(),
  };
  const view = appUserView(row);
  assert.equal(JSON.stringify(view).includes("argon2"), false);
  assert.equal(view.level, "AMATEUR");
  assert.equal(appUserView({ ...row, is_anonymous: true }).level, null);
});

Deno.test("paging - pages, flags, offset and the x-pagination headers", () => {
  assert.deepEqual(pagination(0, 1, 50), {
    hasNext: false,
    hasPrev: false,
    page: 1,
    pages: 1,
    perPage: 50,
    total: 0,
    offset: 0,
  });
  const p = pagination(101, 2, 50);
  assert.deepEqual([p.pages, p.hasNext, p.hasPrev, p.offset], [3, true, true, 50]);
  assert.equal(pagination(100, 2, 50).hasNext, false);
  assert.deepEqual(paginationHeaders(p), {
    "x-pagination-has_next": "true",
    "x-pagination-has_prev": "true",
    "x-pagination-page": "2",
    "x-pagination-pages": "3",
    "x-pagination-per-page": "50",
    "x-pagination-total": "101",
  });
});
