// The help page's welcome article (back-office §7 help_item), in French and English, by the super administrator.
// Role-neutral: what each role may click is listed under it, per role (lib/rules/welcome_steps.ts).

const WELCOME_FR = `# Bienvenue dans Interaction Manager

Interaction Manager fait vivre les **interactions** de votre média (sondages, messages vocaux, vidéos,
jeux…), partagées par un lien, un QR code ou le widget de votre site, et en reçoit les **participations**
en direct.

Besoin d'aide ? Écrivez-nous depuis la page *Aide*.`;

const WELCOME_EN = `# Welcome to Interaction Manager

Interaction Manager runs your media's **interactions** (surveys, voice messages, videos, games…), shared
with a link, a QR code or the widget on your website, and gathers their **participations** live.

Need help? Write to us from the *Help* page.`;

/** In insert order. */
export const HELP_ITEMS = [
  { key: "welcome", language: "fr", title: "Bienvenue !", body_markdown: WELCOME_FR },
  { key: "welcome", language: "en", title: "Welcome!", body_markdown: WELCOME_EN },
];
