// Rules of the channel widget's login panel (visitor-widget §2 Login panel; §4 Login panel; §5
// validation). Pure: shared by the panel and its unit tests; loaded with the panel, not by the home.
import { isEmail, isPhone, isVisitorPassword } from "./validation.ts";

/** The login panel's sub-screens (§2). */
export type LoginStep =
  | "main"
  | "email"
  | "password"
  | "forgot"
  | "register"
  | "registerFinish"
  | "anonymous";

/**
 * Where the back arrow goes (§2): main closes the panel (null); email, register and anonymous go to
 * main; password to email; forgot to password; register finish to register.
 */
export const LOGIN_BACK: Record<LoginStep, LoginStep | null> = {
  main: null,
  email: "main",
  register: "main",
  anonymous: "main",
  password: "email",
  forgot: "password",
  registerFinish: "register",
};

/** The top bar title's key of a sub-screen (§2: Log in, Send without registering, To register, Reconnect). */
export function loginTitle(step: LoginStep): "log_in" | "send_anonymous" | "to_register" | "reconnect" {
  if (step === "anonymous") return "send_anonymous";
  if (step === "register" || step === "registerFinish") return "to_register";
  if (step === "password" || step === "forgot") return "reconnect";
  return "log_in";
}

/** An availability check's state: not checked yet, pending, free (server said OK) or taken. */
export type Availability = "unknown" | "checking" | "ok" | "taken";

/** Register goes to register finish only with a valid, free email and a password of 8+ characters (§4). */
export const canContinueRegister = (email: string, emailState: Availability, password: string) =>
  isEmail(email) && emailState === "ok" && isVisitorPassword(password);

/** Full registration needs a valid email, a password of 8+, a free nickname and a valid phone (§5). */
export const canFinishRegister = (
  v: {
    email: string;
    emailState: Availability;
    password: string;
    nicknameState: Availability;
    phone: string;
  },
) => canContinueRegister(v.email, v.emailState, v.password) && v.nicknameState === "ok" && isPhone(v.phone);

/** Anonymous sending needs only a valid (free) pseudonym (§5). */
export const canSendAnonymous = (nicknameState: Availability) => nicknameState === "ok";

/** Login needs an email and a password (§5). */
export const canLogin = (email: string, password: string) => email.trim() !== "" && password !== "";

/** Forgot password is sent only when the email matches the pattern (§5). */
export const canSendForgot = (email: string) => isEmail(email);

// the rule both widgets apply (the single widget's first screen too), kept with the widget rules so
// that screen does not carry the panel's validation
export { needsLogin } from "./widget.ts";
