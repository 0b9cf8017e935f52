// The help page's welcome article (back-office §7 help_item), in the five languages of the back office, by the
// super administrator: a staff member reading Spanish, Portuguese or Polish got the French one, under steps in
// their own language.
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

const WELCOME_ES = `# Bienvenido a Interaction Manager

Interaction Manager da vida a las **interacciones** de su medio (encuestas, mensajes de voz, vídeos,
juegos…), compartidas con un enlace, un código QR o el widget de su sitio web, y recibe sus **participaciones**
en directo.

¿Necesita ayuda? Escríbanos desde la página *Ayuda*.`;

const WELCOME_PT = `# Bem-vindo ao Interaction Manager

O Interaction Manager dá vida às **interações** do seu meio de comunicação (inquéritos, mensagens de voz,
vídeos, jogos…), partilhadas por uma ligação, um código QR ou o widget do seu site, e recebe as suas
**participações** em direto.

Precisa de ajuda? Escreva-nos a partir da página *Ajuda*.`;

const WELCOME_PL = `# Witamy w Interaction Manager

Interaction Manager ożywia **interakcje** Twojego medium (ankiety, wiadomości głosowe, filmy, gry…),
udostępniane linkiem, kodem QR lub widżetem na Twojej stronie, i odbiera ich **zgłoszenia** na żywo.

Potrzebujesz pomocy? Napisz do nas ze strony *Pomoc*.`;

/** In insert order. */
export const HELP_ITEMS = [
  { key: "welcome", language: "fr", title: "Bienvenue !", body_markdown: WELCOME_FR },
  { key: "welcome", language: "en", title: "Welcome!", body_markdown: WELCOME_EN },
  { key: "welcome", language: "es", title: "¡Bienvenido!", body_markdown: WELCOME_ES },
  { key: "welcome", language: "pt", title: "Bem-vindo!", body_markdown: WELCOME_PT },
  { key: "welcome", language: "pl", title: "Witamy!", body_markdown: WELCOME_PL },
];
