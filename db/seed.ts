import type { SerializableParameter, Sql, TransactionSql } from "postgres";
import { hashPassword } from "../lib/platform/password.ts";

/**
 * Fills an empty database with demo content: a radio and a TV channel, staff of each role,
 * templates, segments of every type, ~40 visitors across the seven levels and ~500 participations.
 * Idempotent: returns false without touching anything when a channel already exists.
 * Example: `await seedDemo(sql, { password: "Demo-2024!" })`; every demo account uses that password.
 */
export async function seedDemo(sql: Sql, opts: { password: string }): Promise<boolean> {
  if (await hasChannel(sql)) return false;
  // argon2 is slow: hash once, outside the transaction, and reuse it for every demo account.
  const passwordHash = await hashPassword(opts.password);
  return await sql.begin(async (tx) => {
    // Two processes seeding at once: the second waits here, then sees the first one's channels.
    await tx`lock table channels in exclusive mode`;
    if (await hasChannel(tx)) return false;
    await insertDemo(tx, passwordHash, new Date());
    return true;
  });
}

async function hasChannel(sql: Sql | TransactionSql): Promise<boolean> {
  const rows = await sql`select 1 from channels limit 1`;
  return rows.length > 0;
}

type Id = number | string;
type Row = Record<string, SerializableParameter>;
/** A message row before its JSON columns are wrapped for the driver. */
type Draft = Record<string, unknown>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** widget §9: points per event. */
const POINTS = { liked: 10, quoted: 50, broadcast: 100 } as const;
const BG = (n: number) => `/static/backgrounds/bg-${n}.jpg`;

/** Small deterministic PRNG (mulberry32) so the demo is the same on every machine. */
function makeRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const weighted = (weights: readonly number[]) => {
    let r = next() * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, chance, shuffle, weighted, uuid };
}
type Random = ReturnType<typeof makeRandom>;

// ---------------------------------------------------------------- static demo content

const RADIO_CUSTOMISATION = {
  background_outer: "#1b2a4a",
  background_inner: "#ffffff",
  btn_1_color: "#a0506f", // a deep rose that white text reads on (5.4:1)
  btn_1_text_color: "#ffffff",
  text_personal: "Vos messages passent peut-être à l'antenne !",
  text_thanks: "Merci ! Toute l'équipe de Radio Horizon écoute vos messages.",
  language: "fr",
  consent_checkbox: true,
  consent_gdpr: true,
  consent_gdpr_text:
    "<p>J'accepte que Radio Horizon utilise mes données pour me recontacter au sujet de ma participation.</p>",
  title_consent: "Consent Personal Data",
  image_right: false,
  image_right_text: "",
  title_consent_image_right: "Droit à l'image",
  consent_checkbox_image_right: false,
  with_connexion: false,
};

const TV_CUSTOMISATION = {
  ...RADIO_CUSTOMISATION,
  background_outer: "#0f3d3e",
  btn_1_color: "#e07a5f",
  text_personal: "Votre avis peut passer à l'écran !",
  text_thanks: "Merci ! La rédaction de Canal Neuf regarde toutes vos vidéos.",
  consent_gdpr_text:
    "<p>J'accepte que Canal Neuf TV utilise mes données pour me recontacter au sujet de ma participation.</p>",
  image_right: true,
  image_right_text: "<p>J'autorise Canal Neuf TV à diffuser mon image à l'antenne et sur ses sites.</p>",
  consent_checkbox_image_right: true,
};

const TEMPLATES = [
  ["survey", "single_choice_question", "survey_vote", "Sondage", "Une question, une seule réponse"],
  ["survey", "multiple_choice_question", "survey_multiple", "Choix multiple", "Plusieurs réponses possibles"],
  ["voice", "recording_question", "voice_question", "Message vocal", "Vos auditeurs enregistrent un message"],
  ["voice", "recording_question", "voice_dedication", "Dédicace", "Une dédicace vocale pour un proche"],
  ["video", "video", "video_testimony", "Témoignage vidéo", "Une courte vidéo filmée ou importée"],
  ["image", "video", "photo_contest", "Concours photo", "Une photo envoyée depuis la galerie"],
  ["text", "message", "text_message", "Message écrit", "Une question ou un avis par écrit"],
  ["game", "game", "game_quiz", "Quiz", "Une bonne réponse à trouver, des gagnants à tirer"],
  ["game", "game", "game_draw", "Tirage au sort", "Une inscription pour gagner un lot"],
  ["registration", "registration", "registration_form", "Inscription", "Collecte de coordonnées"],
  ["sms", "sms", "sms_game", "Jeu SMS", "Participation par SMS surtaxé"],
] as const;

const FIRST_NAMES =
  "Julie Thomas Camille Nicolas Léa Hugo Manon Lucas Chloé Antoine Sarah Maxime Inès Romain Emma Julien Clara Mehdi Laura Pierre Pauline Yanis Marine Kevin Océane Baptiste Amandine Sébastien Élodie Karim Ana Piotr"
    .split(" ");
const LAST_NAMES =
  "Martin Bernard Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure André Mercier Blanc Guérin Boyer Garnier Silva Kowalski"
    .split(" ");
const CITIES =
  "Lyon,Villeurbanne,Grenoble,Saint-Étienne,Annecy,Chambéry,Valence,Vienne,Bourg-en-Bresse,Mâcon,Roanne,Clermont-Ferrand"
    .split(",");
const ANONYMOUS_NICKNAMES =
  "Auditeur69 LaFanDuMatin Zik_Addict PetitLouis NightDriver Mamie_Jo RockyRhône Soleil38".split(" ");
/** Target points of the 32 registered visitors: every level from BEGINNER to HERO is represented. */
const POINT_TARGETS =
  "2450 2120 2010 1760 1530 1380 1150 1020 960 870 780 760 690 610 520 500 450 380 310 260 250 210 160 120 100 60 50 30 20 10 0 0"
    .split(" ").map(Number);

const DEDICATIONS = [
  "Bonjour Radio Horizon, je voudrais dédicacer la prochaine chanson à ma maman qui fête ses soixante ans aujourd'hui. Je t'aime maman !",
  "Salut l'équipe de la Matinale ! Un petit coucou de Villeurbanne, je vous écoute tous les matins dans les bouchons, merci pour la bonne humeur.",
  "Je dédicace ce titre à mon chéri Thomas qui passe son permis ce matin. Bonne chance mon cœur !",
  "Hello, I'm an English teacher in Lyon and my students love your morning quiz. Keep going!",
  "Un grand bravo pour l'émission d'hier sur le vélo en ville, j'aimerais que vous parliez aussi des pistes cyclables à Grenoble.",
  "Bonjour, je suis infirmière de nuit et je vous écoute en rentrant chez moi. Une dédicace pour toute l'équipe des urgences !",
  "Coucou à mes collègues de la boulangerie qui se lèvent à trois heures du matin. Vous êtes les meilleurs !",
  "Je voudrais souhaiter un joyeux anniversaire à mon petit frère Lucas qui a dix-huit ans aujourd'hui.",
  "Merci pour la chronique jardin, grâce à vous mes tomates ont enfin poussé !",
  "Une pensée pour mon papa qui part à la retraite vendredi après quarante ans à l'usine. Profite bien papa !",
  "Petite dédicace pour les bénévoles du festival de Vienne qui font un travail formidable.",
  "Salut ! Est-ce que vous pourriez repasser le titre de Léa Marin de ce matin ? Je l'ai adoré.",
  "Good morning from Annecy! Could you play something for my wife Claire, it's our tenth anniversary.",
  "Bonjour, je suis chauffeur routier et vous êtes ma seule compagnie la nuit. Merci à toute l'équipe !",
];
const MEMORIES = [
  "Mon plus beau souvenir, c'est la traversée de la Corse à pied avec mon fils l'été dernier.",
  "Les vacances à Porto chez ma grand-mère, les pastéis de nata tous les matins, inoubliable.",
  "Le camping à Annecy sous l'orage, on a ri toute la nuit sous la tente.",
  "Notre premier voyage en famille en Bretagne, les enfants ont vu la mer pour la première fois.",
  "Un road trip en Pologne avec des amis, Cracovie est une ville magnifique.",
  "La descente de l'Ardèche en canoë, on est tombés à l'eau trois fois !",
  "Our honeymoon in the Alps, hiking every day and fondue every night.",
];
const QUESTIONS = [
  "Quelle est votre plus grande fierté dans votre carrière ?",
  "Comment voyez-vous l'avenir des petites salles de concert en région ?",
  "Quel conseil donneriez-vous à un jeune qui veut se lancer dans la musique ?",
  "Est-ce que vous viendrez jouer au festival de Vienne cet été ?",
  "Quel est le disque qui a changé votre vie ?",
  "Comment conciliez-vous vie de famille et tournées ?",
  "What inspired your latest album? Greetings from an English listener in Grenoble!",
  "Pourquoi avoir choisi de chanter en français ?",
  "Quel est votre rituel avant de monter sur scène ?",
  "Pensez-vous que les plateformes de streaming rémunèrent assez les artistes ?",
  "Que pensez-vous du nouveau tramway de Lyon ?",
  "Quelle place pour la culture dans le budget de la région l'an prochain ?",
];
const VIDEO_NOTES = [
  "Ambiance incroyable au festival de Vienne !",
  "Le concert de clôture vu du premier rang.",
  "Mes enfants qui dansent devant la grande scène.",
  "Les bénévoles de la buvette vous saluent !",
  null,
  null,
];
const TESTIMONIALS = [
  "Parce que ce titre me rappelle mes vacances à la plage !",
  "Impossible de ne pas danser dessus, même au bureau.",
  "Les paroles sont magnifiques et la voix est incroyable.",
  "Mes enfants le chantent en boucle dans la voiture.",
];
const REPLIES = [
  "Merci pour votre message ! Il passera demain dans la Matinale vers 7 h 40.",
  "Merci beaucoup, toute l'équipe vous embrasse !",
  "Super question, nous l'avons posée à notre invité jeudi.",
  "Bravo, votre dédicace a été diffusée ce matin !",
  "Thanks for listening, we'll play it tomorrow!",
  "Merci, nous transmettons à l'équipe de la chronique.",
];
const COMMENTS = [
  "Rappeler l'auditrice pour l'interview de jeudi.",
  "Très bon son, à garder pour le best-of.",
  "Vérifier l'orthographe du prénom avant diffusion.",
];

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

// ---------------------------------------------------------------- building blocks

interface Participant {
  appUserId: Id | null;
  device: string;
  registered: boolean;
  nickname: string | null;
  firstName: string;
  lastName: string;
  city: string;
  phone: string;
  email: string;
}

interface SegmentRef {
  id: Id;
  key: string;
  channelId: Id;
  type: string;
  showId: string | null;
  programId: string | null;
  start: Date;
  end: Date;
  limited: boolean;
  requiresApproval: boolean;
  gatherFields: string[];
  choiceIds: Id[];
  choiceLabels: string[];
}

interface Message {
  row: Draft;
  seg: SegmentRef;
  author: Participant;
  createdAt: Date;
  choiceIds: Id[];
  rewards: ("liked" | "quoted" | "broadcast")[];
  reply: string | null;
}

const ascii = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function informationToGather(active: string[], mandatory: string[]) {
  const fields = ["first_name", "name", "city", "phone", "email", "age"];
  return Object.fromEntries(
    fields.map((f) => [f, { active: active.includes(f), mandatory: mandatory.includes(f) }]),
  );
}

/** Splits a target into like/quote/broadcast rewards, one message each (a message is quoted or broadcast). */
function rewardPlan(target: number, rnd: Random): ("liked" | "quoted" | "broadcast")[][] {
  const plan: ("liked" | "quoted" | "broadcast")[][] = [];
  let left = target;
  while (left > 0) {
    if (left >= 110) {
      const r = rnd.weighted([7, 2, 2]);
      if (r === 0) plan.push(["liked", "broadcast"]), left -= 110;
      else if (r === 1) plan.push(["broadcast"]), left -= 100;
      else plan.push(["liked", "quoted"]), left -= 60;
    } else if (left === 100) plan.push(["broadcast"]), left -= 100;
    else if (left >= 60) plan.push(["liked", "quoted"]), left -= 60;
    else if (left === 50) plan.push(["quoted"]), left -= 50;
    else plan.push(["liked"]), left -= 10;
  }
  return plan;
}

// ---------------------------------------------------------------- the seed

async function insertDemo(tx: TransactionSql, passwordHash: string, now: Date): Promise<void> {
  const rnd = makeRandom(20240611);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const json = (value: unknown) => tx.json(value as Parameters<typeof tx.json>[0]);

  // Channels (back-office §3 Channel)
  const [radio] = await tx<{ id: Id }[]>`insert into channels ${
    tx({
      label: "Radio Horizon",
      type: "radio",
      status: "active",
      interaction_available_voice: true,
      interaction_available_vote: true,
      interaction_available_choice: true,
      interaction_available_sms: true,
      interaction_available_registration: true,
      interaction_available_video: true,
      interaction_available_text: true,
      interaction_available_game: true,
      primary_color: "#1b2a4a",
      widget_primary_color: "#c48b9f",
      background_url: BG(1),
      background_preset: 1,
      show_product_logo: true,
      gamification: true,
      my_space_enabled: true,
      sharing_enabled: true,
      segment_customisation: json({ character_text_zone_length: 250 }),
      customisation: json(RADIO_CUSTOMISATION),
      ftp_naming: "{channel}_{segment}_{date}_{id}",
      language: "fr",
      created_at: at(-180 * DAY),
    })
  } returning id`;
  const [tv] = await tx<{ id: Id }[]>`insert into channels ${
    tx({
      label: "Canal Neuf TV",
      type: "tv",
      status: "demo",
      interaction_available_voice: true,
      interaction_available_vote: true,
      interaction_available_video: true,
      primary_color: "#0f3d3e",
      widget_primary_color: "#c48b9f",
      background_url: BG(4),
      background_preset: 4,
      show_product_logo: true,
      segment_customisation: json({ character_text_zone_length: 250 }),
      customisation: json(TV_CUSTOMISATION),
      language: "fr",
      created_at: at(-30 * DAY),
    })
  } returning id`;

  // Staff (back-office §3 User, §6 Roles)
  const staff = await tx<{ id: Id; login: string }[]>`insert into users ${
    tx([
      ["admin", "admin@example.com", "super_administrator", null, "Camille", "Durand"],
      ["manager", "manager@example.com", "administrator", radio.id, "Sophie", "Bernard"],
      ["operator", "operator@example.com", "operator", radio.id, "Karim", "Haddad"],
    ].map(([login, email, role, channelId, first, last], i): Row => ({
      login,
      email,
      phone: `06120000${i}0`,
      password_hash: passwordHash,
      first_name: first,
      last_name: last,
      language: "fr",
      active: true,
      confirmed_at: at(-170 * DAY),
      role,
      channel_id: channelId,
      created_at: at(-175 * DAY),
    })))
  } returning id, login`;
  const staffId = (login: string) => staff.find((u) => u.login === login)!.id;
  const managerId = staffId("manager");
  const operatorId = staffId("operator");

  // Templates (back-office §3 Template segment)
  const templates = await tx<{ id: Id; widget_model: string }[]>`insert into templates ${
    tx(TEMPLATES.map(([category, type, model, description, under], position): Row => ({
      category,
      type,
      widget_model: model,
      description,
      under_description: under,
      default_gdpr_consent: ["registration", "game", "sms"].includes(category),
      default_image_right_consent: category === "video" || category === "image",
      default_gather_information: ["registration", "game", "sms"].includes(category),
      default_webview_version: "01",
      show_customisation_incentive_text: category === "survey",
      show_data_collection_multiple_choice: category === "survey",
      show_data_collection_video: category === "video" || category === "image",
      show_data_collection_sound: category === "voice",
      position,
    })))
  } returning id, widget_model`;
  const templateId = (model: string) => templates.find((t) => t.widget_model === model)!.id;

  // Segments (back-office §3 Interaction): every type, permanent, running, future, finished, draft.
  interface SegmentSpec {
    key: string;
    channel: Id;
    template: string;
    type: string;
    title: string;
    text: string;
    status: string;
    start: number | null;
    end: number | null;
    choices?: string[];
    gather?: [string[], string[]];
    extra?: Row;
  }
  const permanent = { from_mode: "now", to_mode: "permanent" };
  const specs: SegmentSpec[] = [
    {
      key: "dedication",
      channel: radio.id,
      template: "voice_dedication",
      type: "recording_question",
      title: "Votre dédicace du matin",
      text:
        "Laissez-nous un message vocal pour dédicacer un titre à quelqu'un que vous aimez. Les plus beaux passent à l'antenne dans la Matinale !",
      status: "published",
      start: -90 * DAY,
      end: null,
      extra: {
        ...permanent,
        limit_1_vote: false,
        max_recording_time: 60,
        enable_written_answer: true,
        show_id: "matinale",
        program_id: "horizon-matin",
        background_url: BG(2),
        background_kind: "image",
      },
    },
    {
      key: "summer_hit",
      channel: radio.id,
      template: "survey_vote",
      type: "single_choice_question",
      title: "Le tube de l'été",
      text: "Quel titre va s'imposer cet été sur Radio Horizon ?",
      status: "published",
      start: -60 * DAY,
      end: null,
      choices: [
        "« Soleil d'août » – Léa Marin",
        "« Nuits blanches » – Noé Ferrand",
        "« Danser encore » – Les Frères Caillou",
        "« Midnight Train » – Ava Rose",
      ],
      extra: {
        ...permanent,
        testimonial_demanded: true,
        testimonial: "Dites-nous pourquoi ce titre vous fait vibrer !",
        testimonial_format: "text",
        gather_information: false,
        background_url: BG(3),
        background_kind: "image",
      },
    },
    {
      key: "topics",
      channel: radio.id,
      template: "survey_multiple",
      type: "multiple_choice_question",
      title: "Vos sujets pour la Matinale",
      text: "Quels sujets voulez-vous entendre demain matin ? Plusieurs choix possibles.",
      status: "published",
      start: -3 * DAY,
      end: 4 * DAY,
      choices: [
        "Circulation et transports",
        "Météo du week-end",
        "Sport local",
        "Agenda culturel",
        "Emploi et formation",
        "Environnement",
        "Bons plans conso",
      ],
      extra: { from_mode: "programmed", to_mode: "scheduled", gather_information: false },
    },
    {
      key: "guest_question",
      channel: radio.id,
      template: "text_message",
      type: "message",
      title: "Posez votre question à l'invité",
      text: "Chaque jeudi, un invité répond à vos questions en direct. Écrivez-nous la vôtre !",
      status: "published",
      start: -90 * DAY,
      end: null,
      gather: [["first_name", "city"], []],
      extra: { ...permanent, limit_1_vote: false, show_id: "invite-jeudi" },
    },
    {
      key: "festival_video",
      channel: radio.id,
      template: "video_testimony",
      type: "video",
      title: "Montrez-nous votre festival",
      text:
        "Envoyez-nous une courte vidéo de votre festival d'été : les meilleures seront diffusées sur notre site.",
      status: "published",
      start: -5 * DAY,
      end: 9 * DAY,
      extra: {
        from_mode: "programmed",
        limit_1_vote: false,
        media_type: "video",
        max_recording_time: 60,
        enable_audio_answer: true,
        requires_approval: true,
        is_gdpr_consent: true,
        is_image_right_consent: true,
        background_url: BG(5),
        background_kind: "image",
        webview_version: "02",
        delivery_option: "ftpclassic",
      },
    },
    {
      key: "sms_game",
      channel: radio.id,
      template: "sms_game",
      type: "sms",
      title: "Jeu SMS : vos places pour le Horizon Live",
      text:
        "Envoyez HORIZON suivi de votre prénom et de votre ville au 71010 (0,75 € par SMS + prix d'un SMS).",
      status: "published",
      start: -6 * DAY,
      end: 1 * DAY,
      gather: [["first_name", "city"], ["first_name"]],
      extra: { from_mode: "programmed", sms_template: "HORIZON {first_name} {city}", sms_receiver: "71010" },
    },
    {
      key: "club",
      channel: radio.id,
      template: "registration_form",
      type: "registration",
      title: "Rejoignez le club des auditeurs",
      text: "Avant-premières, rencontres avec les artistes, visites du studio : inscrivez-vous au club !",
      status: "published",
      start: -45 * DAY,
      end: null,
      gather: [["first_name", "name", "city", "phone", "email"], ["first_name", "name", "email", "phone"]],
      extra: { ...permanent, is_gdpr_consent: true, legal_notice: "Données conservées 3 ans." },
    },
    {
      key: "quiz",
      channel: radio.id,
      template: "game_quiz",
      type: "game",
      title: "Quiz musical : qui chante ce tube ?",
      text:
        "Écoutez l'extrait dans la Matinale et trouvez l'artiste. Trois gagnants tirés au sort vendredi !",
      status: "published",
      start: -2 * DAY,
      end: 5 * DAY,
      choices: ["Léa Marin", "Noé Ferrand", "Les Frères Caillou"],
      extra: { from_mode: "programmed", game_type: "answer", show_results: false, gather_information: false },
    },
    {
      key: "concert_draw",
      channel: radio.id,
      template: "game_draw",
      type: "game",
      title: "Tirage au sort : 2 places pour Noé Ferrand",
      text: "Inscrivez-vous pour tenter de gagner deux places pour le concert du 14 à la Halle Tony Garnier.",
      status: "published",
      start: -10 * DAY,
      end: 3 * DAY,
      gather: [["first_name", "name", "phone", "email"], ["first_name", "name", "phone"]],
      extra: {
        from_mode: "programmed",
        game_type: "registration",
        registration_required: true,
        is_gdpr_consent: true,
        show_results: false,
      },
    },
    {
      key: "music_day",
      channel: radio.id,
      template: "voice_question",
      type: "recording_question",
      title: "Spécial Fête de la musique",
      text:
        "Chantez-nous le refrain de votre choix : nous diffuserons une chorale des auditeurs le 21 juin !",
      status: "ready",
      start: 10 * DAY,
      end: 11 * DAY,
      extra: { from_mode: "programmed", limit_1_vote: false, max_recording_time: 30 },
    },
    {
      key: "host_of_year",
      channel: radio.id,
      template: "survey_vote",
      type: "single_choice_question",
      title: "Élection : l'animateur de l'année",
      text: "Qui est votre voix préférée sur Radio Horizon ?",
      status: "published",
      start: -40 * DAY,
      end: -33 * DAY,
      choices: ["Marc, la Matinale", "Nadia, le Drive", "Jérôme, les Nuits Horizon", "Lucie, le Week-end"],
      extra: { from_mode: "programmed", gather_information: false },
    },
    {
      key: "holiday_memory",
      channel: radio.id,
      template: "voice_question",
      type: "recording_question",
      title: "Votre plus beau souvenir de vacances",
      text: "Racontez-nous en une minute votre plus beau souvenir de vacances.",
      status: "archived",
      start: -120 * DAY,
      end: -100 * DAY,
      extra: { from_mode: "programmed", limit_1_vote: false, max_recording_time: 60 },
    },
    {
      key: "evening_show",
      channel: radio.id,
      template: "text_message",
      type: "message",
      title: "Idées pour la nouvelle émission du soir",
      text: "Quelle émission aimeriez-vous écouter le soir entre 20 h et 22 h ?",
      status: "draft",
      start: null,
      end: null,
      extra: { limit_1_vote: false },
    },
    {
      key: "tv_debate",
      channel: tv.id,
      template: "video_testimony",
      type: "video",
      title: "Votre avis en vidéo sur le débat du dimanche",
      text: "Réagissez en 30 secondes : vos vidéos seront reprises dans l'émission.",
      status: "published",
      start: -20 * DAY,
      end: null,
      extra: {
        ...permanent,
        limit_1_vote: false,
        media_type: "video",
        max_recording_time: 30,
        is_image_right_consent: true,
        background_url: BG(6),
        background_kind: "image",
      },
    },
    {
      key: "tv_cooking",
      channel: tv.id,
      template: "survey_vote",
      type: "single_choice_question",
      title: "Qui doit remporter Le Grand Défi Cuisine ?",
      text: "Votez pour votre candidat préféré avant la finale de samedi.",
      status: "published",
      start: -1 * DAY,
      end: 6 * DAY,
      choices: [
        "Inès et son tajine revisité",
        "Paul et sa tarte aux myrtilles",
        "Mei et ses raviolis vapeur",
      ],
      extra: {
        from_mode: "programmed",
        gather_information: false,
        background_url: BG(7),
        background_kind: "image",
      },
    },
    {
      key: "tv_news",
      channel: tv.id,
      template: "text_message",
      type: "message",
      title: "Vos questions pour le journal de 20 h",
      text: "Posez votre question à la rédaction : nous y répondrons en fin de journal.",
      status: "draft",
      start: null,
      end: null,
    },
  ];

  const segments = new Map<string, SegmentRef>();
  // one insert per segment: their optional columns differ, and the helper takes the first row's keys
  for (const spec of specs) {
    const extra = spec.extra ?? {};
    const [inserted] = await tx<{ id: Id }[]>`insert into segments ${
      tx({
        uuid: rnd.uuid(),
        channel_id: spec.channel,
        template_id: templateId(spec.template),
        type: spec.type,
        title: spec.title,
        text: spec.text,
        status: spec.status,
        start_date: spec.start === null ? null : at(spec.start),
        end_date: spec.end === null ? null : at(spec.end),
        gather_information: true,
        information_to_gather: json(informationToGather(...(spec.gather ?? [[], []]))),
        customisation: json({}),
        created_by: spec.channel === radio.id ? managerId : staffId("admin"),
        created_at: at(Math.min(spec.start ?? 0, 0) - 4 * DAY),
        from_mode: "now",
        to_mode: "scheduled",
        ...extra,
      })
    } returning id`;
    segments.set(spec.key, {
      id: inserted.id,
      key: spec.key,
      channelId: spec.channel,
      type: spec.type,
      showId: (extra.show_id as string | undefined) ?? null,
      programId: (extra.program_id as string | undefined) ?? null,
      start: at(spec.start ?? -DAY),
      // messages are dated between the start and the end, or now for a running segment
      end: spec.end === null ? now : new Date(Math.min(now.getTime(), at(spec.end).getTime())),
      limited: extra.limit_1_vote !== false,
      requiresApproval: extra.requires_approval === true,
      gatherFields: spec.gather?.[0] ?? [],
      choiceIds: [],
      choiceLabels: spec.choices ?? [],
    });
  }
  const seg = (key: string) => segments.get(key)!;

  const choiceRows = specs.flatMap((s) =>
    (s.choices ?? []).map((label, position): Row => ({ segment_id: seg(s.key).id, position, label }))
  );
  const choices = await tx<{ id: Id; segment_id: Id; position: number }[]>`
    insert into segment_choices ${tx(choiceRows)} returning id, segment_id, position`;
  for (const ref of segments.values()) {
    ref.choiceIds = choices.filter((c) => String(c.segment_id) === String(ref.id))
      .sort((a, b) => a.position - b.position).map((c) => c.id);
  }
  const quiz = seg("quiz");
  const quizCorrect = quiz.choiceIds[1];
  await tx`update segments set correct_choice_id = ${quizCorrect} where id = ${quiz.id}`;

  // Visitors (widget §3 App user): 32 registered across the seven levels, 8 anonymous.
  const appUserRows: Row[] = [];
  const registered: { udid: string; target: number; participant: Participant }[] = [];
  FIRST_NAMES.forEach((first, i) => {
    const last = LAST_NAMES[i];
    const city = CITIES[i % CITIES.length];
    const udid = rnd.uuid();
    const nickname = `${first.normalize("NFD").replace(/[\u0300-\u036f]/g, "")}${last[0]}${10 + i}`;
    const email = `${ascii(first)}.${ascii(last)}@example.org`;
    const phone = `06${String(rnd.int(10_000_000, 99_999_999))}`;
    const language = first === "Ana" ? "pt" : first === "Piotr" ? "pl" : first === "Emma" ? "en" : "fr";
    appUserRows.push({
      channel_id: i % 8 === 7 ? tv.id : radio.id,
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
    appUserRows.push({
      channel_id: radio.id,
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
  const appUsers = await tx<{ id: Id; udid: string }[]>`
    insert into app_users ${tx(appUserRows)} returning id, udid`;
  const appUserIdByUdid = new Map(appUsers.map((u) => [u.udid, u.id]));
  for (const r of registered) r.participant.appUserId = appUserIdByUdid.get(r.udid)!;
  for (const a of anonymous) a.appUserId = appUserIdByUdid.get(a.device)!;

  // Visitors who never created an account: only a device id.
  const devices: Participant[] = Array.from({ length: 70 }, () => {
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
  const everyone = [...registered.map((r) => r.participant), ...anonymous, ...devices];

  // Participations (widget §3 Message)
  const messages: Message[] = [];
  const usedTimes = new Set<number>();
  const timeIn = (s: SegmentRef, recentBias = 1) => {
    const span = s.end.getTime() - s.start.getTime() - 10 * MINUTE;
    // recentBias < 1 pulls dates towards the end of the window (more recent activity)
    let t = s.end.getTime() - 5 * MINUTE - Math.floor(Math.pow(rnd.next(), 1 / recentBias) * span);
    while (usedTimes.has(t)) t += 1;
    usedTimes.add(t);
    return new Date(t);
  };
  const add = (s: SegmentRef, author: Participant, fields: Draft = {}, choiceIds: Id[] = []) => {
    const createdAt = timeIn(s, 0.6);
    const ageMs = now.getTime() - createdAt.getTime();
    const known: Record<string, string> = {
      first_name: author.firstName,
      name: author.lastName,
      city: author.city,
      phone: author.phone,
      email: author.email,
    };
    const gathered = Object.fromEntries(s.gatherFields.filter((f) => known[f]).map((f) => [f, known[f]]));
    const oldEnough = ageMs > 2 * DAY;
    const row: Draft = {
      channel_id: s.channelId,
      segment_id: s.id,
      show_id: s.showId,
      program_id: s.programId,
      author_app_user_id: author.appUserId,
      device_id: author.device,
      site_ref: rnd.chance(0.7) ? "radiohorizon.example" : null,
      type: s.type,
      content: {},
      text: null,
      choice_ids: null,
      media_id: null,
      duration_ms: null,
      transcript: null,
      extra_user_information: gathered,
      author_name: author.nickname ??
        (gathered.first_name ? [gathered.first_name, gathered.name].filter(Boolean).join(" ") : null),
      author_city: author.registered || s.gatherFields.includes("city") ? author.city : null,
      consent_gdpr: s.gatherFields.length > 0,
      consent_image_right: s.type === "video",
      read: oldEnough ? rnd.chance(0.92) : rnd.chance(0.25),
      has_reply: false,
      liked: false,
      winner: false,
      broadcast_status: "none",
      status: "received",
      moderation: s.requiresApproval
        ? (ageMs < 1.5 * DAY ? "pending" : rnd.chance(0.85) ? "approved" : "rejected")
        : "none",
      comment: null,
      only_user_data: false,
      is_testimonial: false,
      limited: s.limited,
      processing_status: "none",
      processing_error: null,
      created_at: createdAt,
      updated_at: createdAt,
      ...fields,
    };
    const message: Message = { row, seg: s, author, createdAt, choiceIds, rewards: [], reply: null };
    messages.push(message);
    return message;
  };
  const voice = (texts: readonly string[]) => {
    const transcript = rnd.pick(texts);
    const seconds = rnd.int(12, 58);
    return {
      content: { recording_url: null, duration: seconds, transcription: { data: [{ transcript }] } },
      duration_ms: seconds * 1000 + rnd.int(0, 999),
      transcript,
    };
  };
  const written = (texts: readonly string[]) => {
    const text = rnd.pick(texts);
    return { content: { text }, text };
  };
  const vote = (s: SegmentRef, picked: number[]) => {
    const ids = picked.map((i) => s.choiceIds[i]);
    const choice_text = picked.map((i) => s.choiceLabels[i]).join(", ");
    return { fields: { content: { choice_ids: ids.map(Number), choice_text } }, ids };
  };

  // Rewarded messages of registered visitors: liked, quoted or broadcast, on voice and text segments.
  for (const r of registered) {
    for (const rewards of rewardPlan(r.target, rnd)) {
      const where = rnd.weighted([6, 3, 1.5]);
      const s = seg(["dedication", "guest_question", "holiday_memory"][where]);
      const body = where === 1 ? written(QUESTIONS) : voice(where === 0 ? DEDICATIONS : MEMORIES);
      const m = add(s, r.participant, {
        ...body,
        liked: rewards.includes("liked"),
        broadcast_status: rewards.includes("broadcast")
          ? "broadcast_2"
          : rewards.includes("quoted")
          ? "broadcast_1"
          : "none",
        status: s.key === "holiday_memory" && rnd.chance(0.4) ? "archived" : "received",
      });
      m.rewards = rewards;
    }
  }
  // Plain voice and text messages (no reward: registered authors stay at their target).
  const plain = (key: string, count: number, texts: readonly string[], isVoice: boolean) => {
    const s = seg(key);
    for (let i = 0; i < count; i++) {
      const author = rnd.pick(everyone);
      const body = isVoice ? voice(texts) : written(texts);
      const flagged = author.registered || author.appUserId !== null ? {} : {
        liked: rnd.chance(0.2),
        broadcast_status: rnd.pick(["none", "none", "none", "broadcast_1", "broadcast_2"]),
      };
      add(s, author, {
        ...body,
        ...flagged,
        status: rnd.pick(["received", "received", "received", "received", "archived", "trash"]),
      });
    }
  };
  plain("dedication", 40, DEDICATIONS, true);
  plain("guest_question", 25, QUESTIONS, false);
  plain("holiday_memory", 12, MEMORIES, true);

  // Video participations waiting for moderation or moderated.
  for (let i = 0; i < 22; i++) {
    const s = seg("festival_video");
    const seconds = rnd.int(8, 58);
    const note = rnd.pick(VIDEO_NOTES);
    add(s, rnd.pick(everyone), {
      content: note
        ? { recording_url: null, duration: seconds, text: note }
        : { recording_url: null, duration: seconds },
      text: note,
      duration_ms: seconds * 1000,
    });
  }
  for (let i = 0; i < 12; i++) {
    const seconds = rnd.int(10, 30);
    add(seg("tv_debate"), rnd.pick(everyone), {
      content: { recording_url: null, duration: seconds },
      duration_ms: seconds * 1000,
      site_ref: "canalneuf.example",
    });
  }

  // Limited segments (limit_1_vote): each participant at most once.
  const distinct = (count: number) => rnd.shuffle(everyone).slice(0, count);
  const votes = (key: string, count: number, weights: number[]) => {
    const s = seg(key);
    return distinct(count).map((author) => {
      const v = vote(s, [rnd.weighted(weights)]);
      return add(s, author, v.fields, v.ids);
    });
  };
  const summer = votes("summer_hit", 70, [5, 3, 2.5, 1.2]);
  votes("host_of_year", 48, [3, 4, 1.5, 2]);
  votes("tv_cooking", 30, [4, 2, 3]);
  for (const author of distinct(55)) {
    const s = seg("topics");
    const weights = [5, 4, 3, 3.5, 2, 2.5, 1.5];
    const picked = new Set<number>();
    const k = rnd.weighted([4, 3, 2]) + 1;
    while (picked.size < k) picked.add(rnd.weighted(weights));
    const v = vote(s, [...picked].sort());
    add(s, author, v.fields, v.ids);
  }
  let quizWinners = 0;
  for (const author of distinct(40)) {
    const v = vote(quiz, [rnd.weighted([1.5, 5, 1])]);
    const correct = String(v.ids[0]) === String(quizCorrect);
    const winner = correct && quizWinners < 3 && rnd.chance(0.3);
    if (winner) quizWinners++;
    add(quiz, author, { ...v.fields, winner }, v.ids);
  }
  // registration_required: registered visitors only
  const draw = rnd.shuffle(registered.map((r) => r.participant)).slice(0, 26)
    .map((author) => add(seg("concert_draw"), author, { only_user_data: true }));
  for (const m of rnd.shuffle(draw).slice(0, 2)) m.row.winner = true;
  for (const author of distinct(22)) add(seg("club"), author);
  for (const author of distinct(18)) {
    const text = `HORIZON ${author.firstName} ${author.city}`;
    add(seg("sms_game"), author, { content: { text }, text });
  }
  // Testimonials after a vote ("Tell us why?"), not limited.
  for (const m of summer.slice(0, 4)) {
    const text = TESTIMONIALS[summer.indexOf(m)];
    add(seg("summer_hit"), m.author, { content: { text }, text, is_testimonial: true, limited: false });
  }

  // A few operator notes and replies from staff (shown in my space).
  const rewarded = messages.filter((m) => m.rewards.length > 0 && m.row.status === "received");
  for (const m of rnd.shuffle(rewarded).slice(0, 8)) {
    m.reply = rnd.pick(REPLIES);
    m.row.has_reply = true;
    m.row.read = true;
  }
  for (const m of rnd.shuffle(rewarded).slice(0, 3)) m.row.comment = rnd.pick(COMMENTS);

  // Insert in chunks; map returned ids by created_at (unique per message).
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const idByTime = new Map<number, Id>();
  for (let i = 0; i < messages.length; i += 200) {
    const chunk = messages.slice(i, i + 200).map((m): Row => ({
      ...(m.row as Row),
      content: json(m.row.content),
      extra_user_information: json(m.row.extra_user_information),
      choice_ids: m.choiceIds.length > 0 ? m.choiceIds.map(Number) : null,
    }));
    const inserted = await tx<{ id: Id; created_at: Date }[]>`
      insert into messages ${tx(chunk)} returning id, created_at`;
    for (const r of inserted) idByTime.set(r.created_at.getTime(), r.id);
  }
  const messageId = (m: Message) => idByTime.get(m.createdAt.getTime())!;

  // Replies
  const replyRows = messages.filter((m) => m.reply !== null).map((m, i): Row => ({
    message_id: messageId(m),
    channel_id: m.seg.channelId,
    author_user_id: i % 2 === 0 ? managerId : operatorId,
    type: "text",
    text: m.reply,
    created_at: new Date(Math.min(now.getTime() - MINUTE, m.createdAt.getTime() + rnd.int(1, 6) * HOUR)),
  }));
  if (replyRows.length > 0) await tx`insert into replies ${tx(replyRows)}`;

  // Points ledger: one row per credited event; app_users.points was inserted as the same total.
  const ledgerRows = messages.flatMap((m) =>
    m.rewards.map((event): Row => ({
      channel_id: m.seg.channelId,
      app_user_id: m.author.appUserId,
      message_id: messageId(m),
      event,
      points: POINTS[event],
      created_at: new Date(Math.min(now.getTime() - MINUTE, m.createdAt.getTime() + rnd.int(1, 30) * HOUR)),
    }))
  );
  for (let i = 0; i < ledgerRows.length; i += 500) {
    await tx`insert into points_ledger ${tx(ledgerRows.slice(i, i + 500))}`;
  }

  // Counters (shard 0) equal to what the messages say.
  const voteRows: Row[] = [];
  for (const s of segments.values()) {
    for (const choiceId of s.choiceIds) {
      const count = messages.filter((m) => m.choiceIds.some((c) => String(c) === String(choiceId))).length;
      voteRows.push({ segment_id: s.id, choice_id: choiceId, shard: 0, count });
    }
  }
  await tx`insert into vote_counts ${tx(voteRows)}`;
  const countRows: Row[] = [];
  for (const s of segments.values()) {
    const own = messages.filter((m) => m.seg === s);
    if (own.length === 0) continue;
    const participants = new Set(
      own.map((m) => m.author.appUserId !== null ? `u${m.author.appUserId}` : m.author.device),
    );
    countRows.push({ segment_id: s.id, shard: 0, messages: own.length, participants: participants.size });
  }
  await tx`insert into segment_counts ${tx(countRows)}`;

  // Help, widget and distribution (back-office §7 help_item, widgets, diffusion_spaces/blocks)
  await tx`insert into help_items ${
    tx([
      {
        key: "welcome",
        language: "fr",
        title: "Bienvenue !",
        body_markdown: WELCOME_FR,
        updated_by: staffId("admin"),
      },
      {
        key: "welcome",
        language: "en",
        title: "Welcome!",
        body_markdown: WELCOME_EN,
        updated_by: staffId("admin"),
      },
    ])
  }`;
  await tx`insert into widgets ${
    tx([
      {
        channel_id: radio.id,
        name: "Player du site radiohorizon",
        width: 420,
        height: 640,
        background: "#1b2a4a",
        segment_id: null,
        site_ref: "radiohorizon.example",
      },
      {
        channel_id: radio.id,
        name: "Encart sondage de l'été",
        width: 360,
        height: 560,
        background: "#ffffff",
        segment_id: seg("summer_hit").id,
        site_ref: "radiohorizon.example/ete",
      },
    ] as Row[])
  }`;
  const spaces = await tx<{ id: Id; kind: string }[]>`insert into diffusion_spaces ${
    tx([
      { channel_id: radio.id, name: "Antenne FM 98.4", kind: "radio" },
      { channel_id: radio.id, name: "Site radiohorizon.example", kind: "website" },
      { channel_id: tv.id, name: "Canal Neuf – antenne", kind: "tv" },
    ])
  } returning id, kind`;
  const space = (kind: string) => spaces.find((s) => s.kind === kind)!.id;
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const day = (days: number, hours: number) => new Date(today.getTime() + days * DAY + hours * HOUR);
  await tx`insert into diffusion_blocks ${
    tx([
      [radio.id, space("radio"), seg("dedication").id, day(0, 5), day(0, 7), "La Matinale – dédicaces"],
      [radio.id, space("radio"), seg("topics").id, day(1, 5.5), day(1, 6), "La Matinale – vos sujets"],
      [radio.id, space("website"), seg("summer_hit").id, day(0, 0), day(7, 0), "Sondage de l'été en une"],
      [radio.id, space("radio"), seg("quiz").id, day(2, 16), day(2, 17), "Le Drive – quiz musical"],
      [tv.id, space("tv"), seg("tv_cooking").id, day(5, 18), day(5, 20), "Finale du Grand Défi Cuisine"],
    ].map(([channel_id, diffusion_space_id, segment_id, starts_at, ends_at, label]): Row => ({
      channel_id,
      diffusion_space_id,
      segment_id,
      starts_at,
      ends_at,
      label,
    })))
  }`;
}

/** The channels whose demo voice (audio) or video messages have no file yet. */
export async function demoMediaChannels(sql: Sql): Promise<{ channelId: number; kind: "audio" | "video" }[]> {
  return await sql<{ channelId: number; kind: "audio" | "video" }[]>`
    select distinct channel_id::int as "channelId", case type when 'video' then 'video' else 'audio' end as kind
    from messages
    where media_id is null and duration_ms is not null and type in ('recording_question', 'video')
    order by 1, 2`;
}

/** Points the demo messages of a kind without a file at the clips, in turn; texts and transcripts stay. */
export async function linkDemoMedia(
  sql: Sql,
  channelId: number,
  kind: "audio" | "video",
  clips: { id: string; durationMs: number; url: string }[],
): Promise<void> {
  for (const [n, clip] of clips.entries()) {
    const content = {
      recording_id: clip.id,
      recording_url: clip.url,
      duration: Math.round(clip.durationMs / 1000),
    };
    await sql`
      update messages set media_id = ${clip.id}, duration_ms = ${clip.durationMs}, processing_status = 'done',
        content = content || ${sql.json(content)}
      where channel_id = ${channelId} and media_id is null and duration_ms is not null
        and type = ${kind === "video" ? "video" : "recording_question"} and id % ${clips.length} = ${n}`;
  }
}
