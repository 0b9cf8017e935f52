// The demo staff (back-office §3 User, §6 Roles), one of each role; they all share the demo password.
import type { ChannelKey } from "./units.ts";

/** In insert order; created 175 days ago, confirmed 170 days ago. */
export const STAFF: {
  login: string;
  email: string;
  phone: string;
  role: string;
  channel: ChannelKey | null;
  first_name: string;
  last_name: string;
}[] = [
  {
    login: "admin",
    email: "admin@example.com",
    phone: "0612000000",
    role: "super_administrator",
    channel: null,
    first_name: "Camille",
    last_name: "Durand",
  },
  {
    login: "manager",
    email: "manager@example.com",
    phone: "0612000010",
    role: "administrator",
    channel: "radio",
    first_name: "Sophie",
    last_name: "Bernard",
  },
  {
    login: "operator",
    email: "operator@example.com",
    phone: "0612000020",
    role: "operator",
    channel: "radio",
    first_name: "Karim",
    last_name: "Haddad",
  },
];
