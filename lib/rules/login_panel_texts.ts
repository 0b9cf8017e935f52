// The locale sections (framework/sections.ts) of the listener's login panel, which the channel widget and
// the single widget (an interaction that asks an account) both open. A module of its own: the single
// widget's page imports these lists, never the channel widget's (lib/rules/channel_home.ts).

/** Texts of the forms that the login panel and the profile both show. */
export const ACCOUNT_TEXTS = [
  "channel_widget.back",
  "channel_widget.error",
  "channel_widget.email_invalid",
  "channel_widget.email_taken",
  "channel_widget.nickname_taken",
  "channel_widget.forgot_sent",
  "widget_forms",
];

/** The login panel's sections. */
export const LOGIN_PANEL_TEXTS = [
  "channel_widget.login",
  "channel_widget.password_short",
  "sessions",
  ...ACCOUNT_TEXTS,
];
