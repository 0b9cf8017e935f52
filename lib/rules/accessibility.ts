// The accessibility statement's facts (EN 301 549 / WCAG 2.1 AA): the pages the axe-core browser tests check,
// each with the test files that check it. tests/unit/accessibility_statement_test.ts keeps this list and
// tests/e2e/ in step, so the statement says what is tested, no more and no less.

/** The standard the pages are checked against. */
export const ACCESSIBILITY_STANDARD = { en301549: "3.2.1", wcag: "2.1", level: "AA" } as const;

/** The widths every checked page is looked at (phone and desktop). */
export const ACCESSIBILITY_WIDTHS = [375, 1280] as const;

/** The pages the axe tests cover, by their address, and the test files (tests/e2e/) that check each. */
export const AXE_CHECKED_PAGES: readonly { path: string; tests: readonly string[] }[] = [
  {
    path: "/widgets/channel/{channel}/",
    tests: [
      "channel_widget_test.ts",
      "channel_widget_flow_test.ts",
      "channel_widget_registration_test.ts",
      "data_rights_test.ts",
      "phone_link_test.ts",
      "recorder_screen_test.ts",
      "widget_focus_test.ts",
      "widget_layout_test.ts",
      "widget_profile_forms_test.ts",
    ],
  },
  {
    path: "/widgets/{channel}/{interaction}/",
    tests: [
      "recorder_screen_test.ts",
      "widget_focus_test.ts",
      "widget_language_test.ts",
      "widget_registration_test.ts",
    ],
  },
  { path: "/s/{share}", tests: ["widget_registration_test.ts"] },
  {
    path: "/login",
    tests: [
      "accounts_test.ts",
      "two_factor_test.ts",
      "passkeys_test.ts",
      "single_sign_on_test.ts",
      "single_sign_on_second_factor_test.ts",
      "single_sign_on_platform_test.ts",
    ],
  },
  { path: "/reset/{token}", tests: ["accounts_test.ts"] },
  { path: "/account/reset/{token}", tests: ["account_reset_test.ts"] },
  { path: "/users", tests: ["accounts_test.ts"] },
  {
    path: "/users/{id}",
    tests: ["accounts_test.ts", "two_factor_test.ts", "passkeys_test.ts", "two_factor_turn_off_test.ts"],
  },
  {
    path: "/interactions",
    tests: ["interactions_test.ts", "statistics_test.ts", "welcome_help_roles_test.ts"],
  },
  {
    path: "/interactions/{id}",
    tests: [
      "interactions_test.ts",
      "statistics_test.ts",
      "back_office_details_test.ts",
      "dates_in_page_language_test.ts",
    ],
  },
  { path: "/interactions/{id}/assistant", tests: ["ai_test.ts", "ai_on_air_test.ts"] },
  {
    path: "/participations/{interaction}",
    tests: [
      "participations_test.ts",
      "studio_inbox_test.ts",
      "draw_history_test.ts",
      "back_office_details_test.ts",
    ],
  },
  { path: "/moderation", tests: ["participations_test.ts"] },
  { path: "/customisation", tests: ["back_office_details_test.ts"] },
  { path: "/settings", tests: ["channel_time_zone_test.ts"] },
  { path: "/channels/{id}", tests: ["channels_test.ts"] },
  { path: "/channels/{id}/webhooks", tests: ["webhooks_test.ts"] },
  {
    path: "/channels/{id}/sign-in",
    tests: [
      "single_sign_on_test.ts",
      "single_sign_on_second_factor_test.ts",
      "single_sign_on_roles_sign_out_test.ts",
    ],
  },
  { path: "/platform/sign-in", tests: ["single_sign_on_platform_test.ts"] },
  { path: "/channels/{id}/lines", tests: ["line_templates_test.ts"] },
  { path: "/channels/{id}/held-messages", tests: ["line_held_test.ts", "line_held_actions_test.ts"] },
  { path: "/statistics", tests: ["statistics_test.ts"] },
  { path: "/audit", tests: ["audit_log_test.ts"] },
];

/** The known gaps the statement lists (each a text `accessibility.gaps.<key>`). */
export const ACCESSIBILITY_GAPS = ["automated_only", "minor_rules", "media", "charts", "overlay"] as const;
