import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { openSession } from "../../lib/platform/sessions.ts";
import { STORAGE_KEYS } from "../../lib/rules/widget.ts";
import { assertAccessible, browserTest } from "./_browser.ts";

const SHOTS = "/tmp/shots-24";
// a 1×1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

for (const viewport of [{ width: 375, height: 740 }, { width: 1280, height: 800 }]) {
  browserTest(
    `widget profile - birthday typed DD/MM/YYYY whatever the device's order, said at the field when it is impossible, phone forms, logout keeps the device at ${viewport.width}px`,
    async ({ page, baseUrl, server, consoleErrors }) => {
      const [radio] = await server.sql<{ id: number }[]>`select id from channels order by id limit 1`;
      const [listener] = await server.sql<{ id: number }[]>`
        insert into app_users (nickname, language, email, birth_date, first_name, last_name)
        values ('Lia', 'en', 'lia@example.test', '1993-07-12', 'Lia', 'Souza') returning id::int as id`;
      const token = await openSession(server.deps.sql, server.deps.jwtSecret, listener.id, "visitor");
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/`);
      await page.evaluate(([userKey, user, deviceKey]) => {
        localStorage.setItem(userKey, user);
        localStorage.setItem(deviceKey, "d1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB");
        localStorage.setItem("station.own-key", "kept");
      }, [
        STORAGE_KEYS.user,
        JSON.stringify({
          id: listener.id,
          is_anonymous: false,
          nickname: "Lia",
          access_token: token,
          language: "en",
          email: "lia@example.test",
          birth_date: "12/07/1993",
          first_name: "Lia",
          last_name: "Souza",
        }),
        STORAGE_KEYS.device,
      ]);
      await page.goto(`${baseUrl}/widgets/channel/${radio.id}/?im_screen=profile`);
      // the stored 12/07/1993 reads 12/07/1993, as the widget writes dates, whatever the device's own order
      const birthday = page.getByLabel("Birthday");
      await birthday.waitFor();
      assert.equal(await birthday.getAttribute("type"), "text");
      assert.equal(await birthday.inputValue(), "12/07/1993");
      assert.equal(await page.locator("#cw-birth-hint").textContent(), "DD/MM/YYYY");
      // an impossible date is said at the field, in the listener's language
      const hint = page.locator("#cw-birth-error");
      for (
        const [value, text] of [
          ["01/01/2999", "Your birthday cannot be in the future."],
          ["02/03/1850", "Enter a birthday from 1900 on."],
          ["31/02/1993", "This date does not exist: check the day and the month."],
          ["12/07/93", "Write the date as DD/MM/YYYY, the year in full, e.g. 14/07/2026."],
        ]
      ) {
        await birthday.fill(value);
        await birthday.blur();
        assert.equal(await hint.textContent(), text);
        assert.equal(await birthday.getAttribute("aria-invalid"), "true");
        assert.match((await birthday.getAttribute("aria-describedby"))!, /cw-birth-error/);
      }
      await page.screenshot({ path: `${SHOTS}/profile-birth-hint-${viewport.width}.png`, fullPage: true });
      // an unreadable birthday is not sent: Save says why at the field and keeps the stored one
      await page.getByRole("button", { name: "Save" }).click();
      assert.equal(
        await hint.textContent(),
        "Write the date as DD/MM/YYYY, the year in full, e.g. 14/07/2026.",
      );
      await birthday.fill("12/07/1993");
      await birthday.blur();
      await hint.waitFor({ state: "detached" });

      // 6: a wrong phone says what is expected, with an example
      const phone = page.getByLabel("Phone");
      await phone.fill("12345");
      await page.getByText("Expected: 9 to 13 digits", { exact: false }).waitFor();
      assert.equal(await phone.getAttribute("aria-invalid"), "true");
      await page.screenshot({ path: `${SHOTS}/profile-phone-hint-${viewport.width}.png`, fullPage: true });
      await assertAccessible(page, "profile with a phone hint");
      // the usual written form is accepted (kept as written); the birthday is sent as DD/MM/YYYY
      await phone.fill("+33 6 12 34 56 78");
      await birthday.fill("5/7/1993");
      await birthday.blur();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Profile saved").waitFor();
      const [saved] = await server.sql<{ phone: string; birth: string }[]>`
        select phone, to_char(birth_date, 'YYYY-MM-DD') as birth from app_users where id = ${listener.id}`;
      assert.deepEqual(saved, { phone: "+33 6 12 34 56 78", birth: "1993-07-05" });
      assert.equal(await birthday.inputValue(), "05/07/1993");

      // 8: a refused file's error goes once a valid image is uploaded
      const photo = page.locator(".cw-avatar-upload input[type=file]");
      await photo.setInputFiles({
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("hi"),
      });
      const alert = page.locator(".cw-profile .cw-alert");
      await alert.waitFor();
      await photo.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
      await alert.waitFor({ state: "detached" });
      await page.waitForFunction(() => !!document.querySelector(".cw-avatar-upload img"));

      // 10: logging out forgets the listener only: the device identity and the station's keys stay
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForFunction((key) => localStorage.getItem(key) === null, STORAGE_KEYS.user);
      const left = await page.evaluate(
        (key) => [localStorage.getItem(key), localStorage.getItem("station.own-key")],
        STORAGE_KEYS.device,
      );
      assert.deepEqual(left, ["d1.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB", "kept"]);
      assert.deepEqual(consoleErrors, []);
    },
    { viewport },
  );
}
