// The help page's welcome article (back-office §7 help_item), in French and English, by the super administrator.

const WELCOME_FR = `# Bienvenue dans Interaction Manager

Créez en quelques minutes une **interaction** (sondage, message vocal, vidéo, jeu…) et partagez-la
par un lien, un QR code ou le widget de votre site.

1. Cliquez sur **Créer une interaction** et choisissez un modèle.
2. Réglez le texte, les choix et les dates.
3. Suivez les **participations** en direct : écoutez, aimez, citez ou diffusez les meilleures.

Besoin d'aide ? Écrivez-nous depuis la page *Aide*.`;

const WELCOME_EN = `# Welcome to Interaction Manager

Create an **interaction** (survey, voice message, video, game…) in a few minutes and share it
with a link, a QR code or the widget on your website.

1. Click **Create an interaction** and pick a template.
2. Set the text, the choices and the dates.
3. Follow the **participations** live: listen, like, quote or broadcast the best ones.

Need help? Write to us from the *Help* page.`;

/** In insert order. */
export const HELP_ITEMS = [
  { key: "welcome", language: "fr", title: "Bienvenue !", body_markdown: WELCOME_FR },
  { key: "welcome", language: "en", title: "Welcome!", body_markdown: WELCOME_EN },
];
