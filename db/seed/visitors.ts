// The demo's visitors (widget §3 App user): 32 registered across the seven levels, 8 anonymous, and 70
// who never created an account (a device id only). Names, towns and phones are drawn from texts.ts.
import type { Random } from "./random.ts";
import { ANONYMOUS_NICKNAMES, CITIES, FIRST_NAMES, LAST_NAMES, POINT_TARGETS } from "./texts.ts";
import { type ChannelKey, DAY, HOUR } from "./units.ts";

/** Someone who sends participations; `appUserId` is set once the app users are stored. */
export interface Participant {
  appUserId: number | string | null;
  device: string;
  registered: boolean;
  nickname: string | null;
  firstName: string;
  lastName: string;
  city: string;
  phone: string;
  email: string;
}

/** An app_users row, its channel named by key. */
export type AppUserDraft = Record<string, string | number | boolean | Date | null> & { channel: ChannelKey };

export const ascii = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

/**
 * The app users in insert order, and as participants: the registered ones with the points they reach
 * (POINT_TARGETS, one per level from BEGINNER to HERO), then the anonymous ones.
 */
export function demoAppUsers(rnd: Random, at: (offsetMs: number) => Date, passwordHash: string) {
  const rows: AppUserDraft[] = [];
  const registered: { udid: string; target: number; participant: Participant }[] = [];
  FIRST_NAMES.forEach((first, i) => {
    const last = LAST_NAMES[i];
    const city = CITIES[i % CITIES.length];
    const udid = rnd.uuid();
    const nickname = `${first.normalize("NFD").replace(/[\u0300-\u036f]/g, "")}${last[0]}${10 + i}`;
    const email = `${ascii(first)}.${ascii(last)}@example.org`;
    const phone = `06${String(rnd.int(10_000_000, 99_999_999))}`;
    const language = first === "Ana" ? "pt" : first === "Piotr" ? "pl" : first === "Emma" ? "en" : "fr";
    rows.push({
      channel: i % 8 === 7 ? "tv" : "radio",
      udid,
      is_anonymous: false,
      language,
      nickname,
      city,
      phone,
      email,
      password_hash: passwordHash,
      first_name: first,
      last_name: last,
      receive_emails: rnd.chance(0.6),
      birth_date: `${rnd.int(1955, 2004)}-${String(rnd.int(1, 12)).padStart(2, "0")}-${
        String(rnd.int(1, 28)).padStart(2, "0")
      }`,
      points: POINT_TARGETS[i],
      created_at: at(-rnd.int(150, 175) * DAY),
    });
    registered.push({
      udid,
      target: POINT_TARGETS[i],
      participant: {
        appUserId: null,
        device: udid,
        registered: true,
        nickname,
        firstName: first,
        lastName: last,
        city,
        phone,
        email,
      },
    });
  });
  const anonymous: Participant[] = [];
  ANONYMOUS_NICKNAMES.forEach((nickname, i) => {
    const udid = rnd.uuid();
    rows.push({
      channel: "radio",
      udid,
      is_anonymous: true,
      language: "fr",
      nickname,
      city: null,
      phone: null,
      email: null,
      password_hash: null,
      first_name: null,
      last_name: null,
      receive_emails: false,
      birth_date: null,
      points: 0,
      created_at: at(-rnd.int(5, 80) * DAY - i * HOUR),
    });
    anonymous.push({
      appUserId: null,
      device: udid,
      registered: false,
      nickname,
      firstName: rnd.pick(FIRST_NAMES),
      lastName: rnd.pick(LAST_NAMES),
      city: rnd.pick(CITIES),
      phone: `07${String(rnd.int(10_000_000, 99_999_999))}`,
      email: "",
    });
  });
  return { rows, registered, anonymous };
}

/** Visitors who never created an account: only a device id. */
export function demoDevices(rnd: Random): Participant[] {
  return Array.from({ length: 70 }, () => {
    const firstName = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    return {
      appUserId: null,
      device: rnd.uuid(),
      registered: false,
      nickname: null,
      firstName,
      lastName,
      city: rnd.pick(CITIES),
      phone: `06${String(rnd.int(10_000_000, 99_999_999))}`,
      email: `${ascii(firstName)}.${ascii(lastName)}${rnd.int(1, 99)}@example.net`,
    };
  });
}
