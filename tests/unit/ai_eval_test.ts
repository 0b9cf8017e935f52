// The evaluation set of the built-in analyst: questions in the five languages over seeded data whose
// answers are known (the winner and its margin, whether it is within the noise, the number of negative
// messages, a theme that must be found, the top city; negatives turned by negations, messages to read
// on air, a summary of two sentences). Prints the share answered right; goal ≥ 90 %.
import assert from "node:assert/strict";
import { translator } from "../../app/i18n.ts";
import { analyse, inboxLink } from "../../lib/ai/analyst.ts";
import { questionLanguage } from "../../lib/ai/intent.ts";
import type { AiContext, AiMessage } from "../../lib/ai/types.ts";
import type { Language } from "../../lib/rules/i18n.ts";
import { messageMaker } from "./_ai.ts";

/** A seeded random source (mulberry32), so the data is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ["Lyon", "Grenoble", "Annecy", "Valence", "Vienne"];
/** One numbering for every message of the set. */
const numbered = messageMaker(1000);

/** Messages from a city and at an hour of November drawn from `seed`. */
function seeded(seed: number) {
  const rnd = random(seed);
  return (fields: Partial<AiMessage>): AiMessage =>
    numbered({
      author_city: CITIES[Math.floor(rnd() * CITIES.length)],
      created_at: new Date(Date.UTC(2026, 10, 1 + Math.floor(rnd() * 20), 6 + Math.floor(rnd() * 14))),
      ...fields,
    });
}

function context(segmentId: number, messages: AiMessage[], extra: Partial<AiContext> = {}): AiContext {
  return {
    segment: { id: segmentId, title: "Eval", type: "message", text: null },
    choices: [],
    messages,
    total: messages.length,
    language: "fr",
    timeZone: "UTC",
    ...extra,
  };
}

/** A vote: `counts[i]` voters for choice i, shuffled by the seed. */
function vote(segmentId: number, labels: string[], counts: number[], seed: number): AiContext {
  const make = seeded(seed);
  const choices = labels.map((label, i) => ({ id: segmentId * 10 + i, label }));
  const messages = counts.flatMap((n, i) =>
    Array.from({ length: n }, () => make({ choice_ids: [choices[i].id] }))
  );
  return context(segmentId, messages, {
    choices,
    segment: { id: segmentId, title: "Vote", type: "single_choice_question", text: null },
  });
}

const VOTE_CLEAR = vote(1, ["Soleil d'août", "Nuits blanches", "Danser encore", "Midnight Train"], [
  148,
  97,
  40,
  15,
], 1);
const VOTE_CLOSE = vote(2, ["Rock", "Jazz", "Pop"], [51, 47, 12], 2);

/** Texts of listeners by tone, in each language. */
type Toned = Record<Language, { negative: string[]; positive: string[]; neutral: string[] }>;

/** Written messages of one language: known negative ones among positive and neutral ones. */
const FEEDBACK: Toned = {
  fr: {
    negative: [
      "Franchement c'est nul, trop de pub le matin",
      "Émission ennuyeuse, je suis déçu",
      "Le son est horrible depuis lundi",
      "Je déteste la nouvelle grille, c'est insupportable",
      "Mauvais choix de musique aujourd'hui",
    ],
    positive: [
      "Super émission, bravo à toute l'équipe",
      "J'adore la chronique jardin",
      "Merci pour cette matinée magnifique",
      "Génial, continuez comme ça",
    ],
    neutral: [
      "Une dédicace pour ma sœur Julie",
      "Est-ce que vous passerez du jazz ce soir ?",
      "Je vous écoute depuis Lyon",
    ],
  },
  en: {
    negative: [
      "The show is boring this week",
      "Terrible sound quality this morning",
      "I hate the new schedule",
      "Too many ads, really annoying",
    ],
    positive: ["Great show, thank you", "I love the morning quiz", "Excellent interview yesterday"],
    neutral: ["Could you play something by Ava Rose?", "Listening from Grenoble on my way to work"],
  },
  pt: {
    negative: [
      "O programa está chato",
      "Som péssimo hoje",
      "Odeio a nova programação",
      "Música ruim esta manhã",
    ],
    positive: ["Adoro o vosso programa", "Excelente entrevista, obrigado", "Que lindo momento"],
    neutral: ["Uma dedicatória para a minha mãe", "Estou a ouvir de Lisboa"],
  },
  es: {
    negative: ["El programa es aburrido", "Sonido horrible esta mañana", "Muy malo el nuevo horario"],
    positive: ["Me encanta vuestro programa", "Excelente entrevista, gracias", "Genial la música de hoy"],
    neutral: ["Una dedicatoria para mi madre", "Escucho desde Valencia"],
  },
  pl: {
    negative: [
      "Audycja jest nudna",
      "Okropny dźwięk dzisiaj rano",
      "Beznadziejna muzyka",
      "Nienawidzę nowej ramówki",
      "Za dużo reklam",
    ],
    positive: ["Kocham tę audycję", "Świetny wywiad, dziękuję", "Wspaniały poranek z wami"],
    neutral: ["Piosenka dla mamy", "Słucham z Krakowa"],
  },
};

/** The messages of a table's negative, positive and neutral texts in one language, and the negative ones. */
function toned(table: Toned, language: Language, seed: number) {
  const make = seeded(seed);
  const { negative, positive, neutral } = table[language];
  const bad = negative.map((text) => make({ text }));
  return {
    bad,
    messages: [...bad, ...positive.map((text) => make({ text })), ...neutral.map((text) => make({ text }))],
  };
}

function feedback(language: Language, segmentId: number, seed: number) {
  const { bad, messages } = toned(FEEDBACK, language, seed);
  messages.sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return { context: context(segmentId, messages, { language }), negatives: bad };
}

/** Messages with a planted theme among others, and the channel's other texts. */
const THEMES: Record<Language, { theme: string; about: string[]; other: string[]; background: string[] }> = {
  fr: {
    theme: "festival de vienne",
    about: [
      "Vivement le festival de Vienne cet été",
      "On sera au festival de Vienne samedi avec les enfants",
      "Le festival de Vienne, quelle ambiance l'an dernier",
      "Des places pour le festival de Vienne à gagner ?",
    ],
    other: [
      "Bonne journée à toute l'équipe",
      "Une dédicace pour mon papa",
      "Les pistes cyclables de Grenoble sont dangereuses",
      "Bonne journée et merci",
      "Quel temps demain à Lyon ?",
    ],
    background: [
      "Bonne journée à toute l'équipe",
      "Bonne journée",
      "Une dédicace pour maman",
      "Bonne journée à tous",
    ],
  },
  en: {
    theme: "traffic jam",
    about: [
      "Stuck in a traffic jam on the ring road again",
      "Another traffic jam near the bridge this morning",
      "Any news about the traffic jam downtown?",
    ],
    other: ["Have a nice day everyone", "Play some jazz please", "Have a nice day", "Greetings from Annecy"],
    background: ["Have a nice day", "Have a nice day everyone", "Play some rock"],
  },
  pt: {
    theme: "festa da cidade",
    about: [
      "A festa da cidade foi incrível",
      "Quando começa a festa da cidade este ano?",
      "Vamos todos à festa da cidade no sábado",
    ],
    other: ["Bom dia a todos", "Uma música para a minha avó", "Bom dia equipa", "Saudações de Porto"],
    background: ["Bom dia a todos", "Bom dia equipa", "Uma música por favor"],
  },
  es: {
    theme: "carril bici",
    about: [
      "Necesitamos más carril bici en el centro",
      "El carril bici nuevo es peligroso",
      "¿Cuándo terminan el carril bici del puerto?",
    ],
    other: [
      "Buenos días a todos",
      "Una canción para mi abuela",
      "Buenos días equipo",
      "Saludos desde Sevilla",
    ],
    background: ["Buenos días a todos", "Buenos días equipo", "Una canción por favor"],
  },
  pl: {
    theme: "korki uliczne",
    about: [
      "Znowu korki uliczne w centrum",
      "Korki uliczne na moście od rana",
      "Kiedy skończą się korki uliczne przy dworcu?",
    ],
    other: ["Dzień dobry wszystkim", "Piosenka dla babci", "Pozdrowienia z Gdańska", "Dzień dobry ekipie"],
    background: ["Dzień dobry wszystkim", "Dzień dobry ekipie", "Piosenka dla mamy"],
  },
};

/**
 * Requests to play an artist the channel's other interactions talk about too (a vote names her), and
 * one for another artist: the theme is the song requests for her, never the words asking ("play
 * something", "poner algo", "alguma coisa", "puśćcie coś").
 */
const REQUESTS: Record<Language, { asks: string[]; background: string[]; name: string }> = {
  fr: {
    asks: [
      "Vous pourriez passer quelque chose d'Ava Rose ?",
      "Pouvez-vous passer quelque chose d'Ava Rose pour ma sœur",
      "Merci de passer quelque chose d'Ava Rose ce soir",
      "Est-ce possible de passer quelque chose de Léa Marin ?",
    ],
    background: ["Ava Rose en concert à Lyon", "J'adore le dernier titre d'Ava Rose", "Bonne journée"],
    name: "Demandes de chansons : Ava Rose",
  },
  en: {
    asks: [
      "Could you play something by Ava Rose?",
      "Please play something by Ava Rose for my sister",
      "Can you play something by Ava Rose tonight",
      "Play something by Léa Marin please",
    ],
    background: ["Ava Rose live in Lyon", "I love the new single by Ava Rose", "Have a nice day"],
    name: "Song requests: Ava Rose",
  },
  pt: {
    asks: [
      "Podem tocar alguma coisa da Ava Rose?",
      "Toquem alguma coisa da Ava Rose para a minha irmã",
      "Podiam tocar alguma coisa da Ava Rose esta noite?",
      "Toquem alguma coisa da Léa Marin",
    ],
    background: ["Ava Rose em concerto em Lisboa", "Adoro o novo single da Ava Rose", "Bom dia a todos"],
    name: "Pedidos de músicas: Ava Rose",
  },
  es: {
    asks: [
      "¿Podéis poner algo de Ava Rose?",
      "Poned algo de Ava Rose para mi hermana",
      "¿Podríais poner algo de Ava Rose esta noche?",
      "Poned algo de Léa Marin",
    ],
    background: ["Ava Rose en concierto en Sevilla", "Me encanta el nuevo single de Ava Rose", "Buenos días"],
    name: "Peticiones de canciones: Ava Rose",
  },
  pl: {
    asks: [
      "Możecie puścić coś Avy Rose?",
      "Puśćcie coś Avy Rose dla mojej siostry",
      "Puśćcie coś Avy Rose wieczorem",
      "Puśćcie coś Léi Marin",
    ],
    background: ["Koncert Avy Rose w Krakowie", "Nowy singiel Avy Rose jest świetny", "Dzień dobry"],
    name: "Prośby o piosenki: Avy Rose",
  },
};

/** A theme's name on a line of the answer's list ("- **name** — n messages"). */
const themeNames = (answer: string) =>
  answer.split("\n").filter((line) => line.startsWith("- **")).map((line) =>
    line.slice(4, line.indexOf("**", 4))
  );

function themed(language: Language, segmentId: number, seed: number): AiContext {
  const make = seeded(seed);
  const { about, other, background } = THEMES[language];
  return context(segmentId, [...about, ...other].map((text) => make({ text })), { language, background });
}

/** An audience: Lyon first, a known number of returning participants. */
function audience(): AiContext {
  const make = seeded(9);
  const messages = [
    ...Array.from(
      { length: 9 },
      (_, i) => make({ author_city: "Lyon", author_key: `u${i}`, author_returning: i < 4 }),
    ),
    ...Array.from({ length: 5 }, (_, i) => make({ author_city: "Grenoble", author_key: `d${i}` })),
    ...Array.from({ length: 2 }, (_, i) => make({ author_city: "Annecy", author_key: `d${10 + i}` })),
  ];
  return context(50, messages);
}

/** Messages whose tone turns on a negation or an intensifier: "not good", "pas terrible", "nada mal". */
const NEGATED: Toned = {
  fr: {
    negative: [
      "Pas terrible la matinale aujourd'hui",
      "Je n'aime pas du tout la nouvelle voix",
      "J'aime pas quand vous coupez les chansons",
      "Vraiment pas drôle le sketch de ce matin",
    ],
    positive: ["Pas mal du tout cette émission", "Je ne suis pas déçu, au contraire, bravo", "Vraiment top"],
    neutral: ["Une dédicace pour mon frère Hugo", "Vous passez quoi après les infos ?"],
  },
  en: {
    negative: [
      "Not good at all this morning",
      "I don't like the new jingle",
      "The quiz wasn't fun, really boring",
      "Really not happy with the sound today",
    ],
    positive: [
      "Not bad at all, this new show",
      "Very very good interview",
      "Never disappointed by your team",
    ],
    neutral: ["A song for my brother Hugo", "What's after the news?"],
  },
  pt: {
    negative: [
      "Não gostei nada do programa de hoje",
      "A música não está boa esta manhã",
      "Muito chato o novo horário",
      "Não gosto da nova voz da rádio",
    ],
    positive: [
      "Nada mal este programa novo",
      "Muito bom o passatempo de hoje",
      "Adorei a entrevista, muito obrigado",
    ],
    neutral: ["Uma música para o meu irmão Hugo", "O que passa depois das notícias?"],
  },
  es: {
    negative: [
      "No me gusta nada la nueva voz",
      "El programa de hoy no ha sido bueno",
      "Muy aburrido el concurso de esta mañana",
      "No estoy contento con el sonido",
    ],
    positive: [
      "No está nada mal este programa",
      "Muy buena la entrevista de hoy",
      "Me encanta la nueva sección",
    ],
    neutral: ["Una canción para mi hermano Hugo", "¿Qué ponéis después de las noticias?"],
  },
  pl: {
    negative: [
      "Nie podoba mi się nowa audycja",
      "Dzisiaj wcale nie było dobrze",
      "Bardzo nudny konkurs dziś rano",
      "Nie lubię nowego dżingla",
    ],
    positive: ["Nie najgorsza ta nowa audycja", "Bardzo dobry wywiad dzisiaj", "Naprawdę świetna muzyka"],
    neutral: ["Piosenka dla brata Huberta", "Co puścicie po wiadomościach?"],
  },
};

/** Messages to read on air: safe ones among ones with personal data, awaiting moderation, negative. */
const ON_AIR: Record<Language, { question: string; safe: string[]; unsafe: string[]; title: string }> = {
  fr: {
    question: "Trois messages que je pourrais lire à l'antenne, avec le pseudo de l'auteur",
    safe: [
      "Bravo pour la matinale, on vous écoute en famille",
      "Une dédicace pour ma grand-mère qui a 90 ans",
      "J'adore la chronique cinéma du vendredi",
    ],
    unsafe: [
      "Appelez-moi au 06 12 34 56 78 pour le cadeau",
      "Mon adresse : 4 rue des Lilas à Lyon, bravo",
      "Émission nulle, je suis déçu",
    ],
    title: "Messages à lire à l'antenne (3)",
  },
  en: {
    question: "Three messages I could read on air, with the author's nickname",
    safe: [
      "Well done for the breakfast show, the whole family listens",
      "A dedication for my grandmother who turns 90",
      "I love the Friday film review",
    ],
    unsafe: [
      "Call me on 07700 900123 for the prize",
      "Send it to jane.doe@example.org please, great show",
      "Awful show, I'm disappointed",
    ],
    title: "Messages to read on air (3)",
  },
  pt: {
    question: "Três mensagens que eu poderia ler no ar, com o pseudónimo do autor",
    safe: [
      "Parabéns pela manhã, ouvimos em família",
      "Uma dedicatória para a minha avó que faz 90 anos",
      "Adoro a rubrica de cinema de sexta",
    ],
    unsafe: [
      "Liguem-me para o 912 345 678 por causa do prémio",
      "Moro na Rua Augusta 120, obrigado",
      "Programa péssimo, estou desiludido",
    ],
    title: "Mensagens para ler no ar (3)",
  },
  es: {
    question: "Tres mensajes que podría leer en antena, con el apodo del autor",
    safe: [
      "Enhorabuena por la mañana, os escuchamos en familia",
      "Una dedicatoria para mi abuela que cumple 90 años",
      "Me encanta la sección de cine del viernes",
    ],
    unsafe: [
      "Llamadme al 612 345 678 para el premio",
      "Vivo en la calle Mayor 14, gracias",
      "Programa horrible, estoy decepcionado",
    ],
    title: "Mensajes para leer en antena (3)",
  },
  pl: {
    question: "Trzy wiadomości, które mogę przeczytać na antenie, z pseudonimem autora",
    safe: [
      "Brawo za poranek, słuchamy całą rodziną",
      "Dedykacja dla babci która kończy 90 lat",
      "Uwielbiam piątkowy kącik filmowy",
    ],
    unsafe: [
      "Zadzwońcie do mnie 601 234 567 w sprawie nagrody",
      "Mieszkam na ul. Długa 5, dzięki",
      "Okropna audycja, jestem rozczarowany",
    ],
    title: "Wiadomości do przeczytania na antenie (3)",
  },
};

const BRIEF: Record<Language, string> = {
  fr: "Résume les messages en deux phrases",
  en: "Summarise the messages in two sentences",
  pt: "Resuma as mensagens em duas frases",
  es: "Resume los mensajes en dos frases",
  pl: "Podsumuj wiadomości w dwóch zdaniach",
};
const NEGATIVE_LIST: Record<Language, string> = {
  fr: "Quels sont les messages négatifs ?",
  en: "Which messages are negative?",
  pt: "Quais são as mensagens negativas?",
  es: "¿Cuáles son los mensajes negativos?",
  pl: "Które wiadomości są negatywne?",
};

interface Case {
  question: string;
  context: AiContext;
  /** True when the answer is right. */
  check: (answer: string) => boolean;
}

const has = (answer: string, ...parts: (string | RegExp)[]) =>
  parts.every((p) => typeof p === "string" ? answer.includes(p) : p.test(answer));

const RESULTS: [string, RegExp, RegExp, RegExp, RegExp][] = [
  // question, winner line, margin, clear, within noise
  [
    "Quel choix a gagné et de combien ?",
    /\*\*A\. Soleil d'août\*\* arrive en tête avec \*\*49,3 %\*\*/,
    /\*\*17 points\*\*, soit \*\*51 votes\*\*/,
    /l'avance est nette/,
    /marge d'erreur pour 300 votants/,
  ],
  [
    "Which choice won and by how much?",
    /\*\*A\. Soleil d'août\*\* leads with \*\*49\.3 %\*\*/,
    /\*\*17 points\*\*, that is \*\*51 votes\*\*/,
    /the lead is clear/,
    /margin of error for 300 voters/,
  ],
  [
    "Qual opção ganhou e por quanto?",
    /\*\*A\. Soleil d'août\*\* lidera com \*\*49,3 %\*\*/,
    /\*\*17 pontos\*\*, ou seja \*\*51 votos\*\*/,
    /a vantagem é clara/,
    /margem de erro para 300 votantes/,
  ],
  [
    "¿Qué opción ganó y por cuánto?",
    /\*\*A\. Soleil d'août\*\* va en cabeza con el \*\*49,3 %\*\*/,
    /\*\*17 puntos\*\*, es decir \*\*51 votos\*\*/,
    /la ventaja es clara/,
    /margen de error para 300 votantes/,
  ],
  [
    "Która odpowiedź wygrała i jaką przewagą?",
    /Prowadzi \*\*A\. Soleil d'août\*\* z \*\*49,3 %\*\*/,
    /\*\*17 pkt proc\.\*\*, czyli głosy: \*\*51\*\*/,
    /prowadzenie jest wyraźne/,
    /błędu dla 300 głosujących/,
  ],
];

const NEGATIVE_QUESTIONS: Record<Language, string> = {
  fr: "Résume les retours négatifs",
  en: "Summarise the negative feedback",
  pt: "Resuma os comentários negativos",
  es: "Resume las quejas de los oyentes",
  pl: "Podsumuj negatywne opinie",
};
const NEGATIVE_TITLE: Record<Language, string> = {
  fr: "Retours négatifs",
  en: "Negative feedback",
  pt: "Comentários negativos",
  es: "Comentarios negativos",
  pl: "Negatywne opinie",
};
const THEME_QUESTIONS: Record<Language, string> = {
  fr: "Quels sont les principaux thèmes ?",
  en: "What are the main themes?",
  pt: "Quais são os temas principais?",
  es: "¿Cuáles son los temas principales?",
  pl: "Jakie są główne tematy?",
};

function cases(): Case[] {
  const list: Case[] = [];
  const languages = Object.keys(FEEDBACK) as Language[];
  for (const [question, winner, margin, clear, noise] of RESULTS) {
    list.push({ question, context: VOTE_CLEAR, check: (a) => has(a, winner, margin, clear, noise) });
  }
  // The close vote: the winner by 4 votes, within the noise, asked in each language.
  const within: Record<Language, RegExp> = {
    fr: /reste dans la marge d'erreur/,
    en: /is within the margin of error/,
    pt: /está dentro da margem de erro/,
    es: /está dentro del margen de error/,
    pl: /mieści się w granicy błędu/,
  };
  RESULTS.forEach(([question], i) => {
    const language = languages[i];
    list.push({
      question,
      context: VOTE_CLOSE,
      check: (a) => has(a, "A. Rock", within[language], /\*\*4\b/),
    });
  });
  languages.forEach((language, i) => {
    const { context, negatives } = feedback(language, 10 + i, 20 + i);
    list.push({
      question: NEGATIVE_QUESTIONS[language],
      context,
      check: (a) =>
        has(a, `${NEGATIVE_TITLE[language]} (${negatives.length})`) &&
        negatives.every((m) => a.includes(`(${inboxLink(context.segment.id, m.id)})`)),
    });
  });
  const MOOD: Record<Language, [string, (f: typeof FEEDBACK.fr) => RegExp]> = {
    fr: [
      "Quel est le sentiment général des auditeurs ?",
      (f) =>
        new RegExp(`\\*\\*${f.positive.length}\\*\\* positifs, \\*\\*${f.negative.length}\\*\\* négatifs`),
    ],
    en: [
      "What is the overall mood of the listeners?",
      (f) =>
        new RegExp(`\\*\\*${f.positive.length}\\*\\* positive, \\*\\*${f.negative.length}\\*\\* negative`),
    ],
    pt: [
      "Qual é o sentimento geral dos ouvintes?",
      (f) =>
        new RegExp(`\\*\\*${f.positive.length}\\*\\* positivas, \\*\\*${f.negative.length}\\*\\* negativas`),
    ],
    es: [
      "¿Cuál es el sentimiento general de los oyentes?",
      (f) =>
        new RegExp(`\\*\\*${f.positive.length}\\*\\* positivos, \\*\\*${f.negative.length}\\*\\* negativos`),
    ],
    pl: [
      "Jaki jest nastrój słuchaczy?",
      (f) =>
        new RegExp(
          `pozytywne: \\*\\*${f.positive.length}\\*\\*, negatywne: \\*\\*${f.negative.length}\\*\\*`,
        ),
    ],
  };
  languages.forEach((language, i) => {
    const { context } = feedback(language, 60 + i, 70 + i);
    const [question, counts] = MOOD[language];
    list.push({ question, context, check: (a) => counts(FEEDBACK[language]).test(a) });
  });
  languages.forEach((language, i) => {
    const context = themed(language, 30 + i, 40 + i);
    const theme = THEMES[language].theme;
    list.push({
      question: THEME_QUESTIONS[language],
      context,
      // The planted theme is the first one named, with its messages counted.
      check: (a) => {
        const first = a.split("\n").find((line) => line.startsWith("- **"));
        return !!first && first.toLowerCase().includes(theme) &&
          first.includes(`${THEMES[language].about.length}`);
      },
    });
  });
  languages.forEach((language, i) => {
    // requests to play: named as song requests for what they ask, in the question's language
    const make = seeded(150 + i);
    const { asks, background, name } = REQUESTS[language];
    const texts = [...asks, ...THEMES[language].other];
    list.push({
      question: THEME_QUESTIONS[language],
      context: context(150 + i, texts.map((text) => make({ text })), { language, background }),
      check: (a) => {
        const names = themeNames(a);
        return names.includes(name) &&
          !names.some((n) =>
            /play|something|passer|quelque|poner|poned|algo|tocar|toquem|coisa|puś|coś/i.test(n)
          );
      },
    });
  });
  languages.forEach((language, i) => {
    // negations and intensifiers: every negative found, none of the praise turned by a negation
    const { bad, messages } = toned(NEGATED, language, 80 + i);
    const context_ = context(110 + i, messages, { language });
    list.push({
      question: NEGATIVE_LIST[language],
      context: context_,
      check: (a) =>
        has(a, `${NEGATIVE_TITLE[language]} (${bad.length})`) &&
        bad.every((m) => a.includes(`(${inboxLink(context_.segment.id, m.id)})`)),
    });
  });
  languages.forEach((language, i) => {
    // on air: the three safe messages, each with its author's nickname and the Paris hour
    const make = seeded(90 + i);
    const { question, safe, unsafe, title } = ON_AIR[language];
    const at = new Date(Date.UTC(2026, 10, 3, 13, 5));
    const ok = safe.map((text, k) => make({ text, author_name: `Safe${k}`, created_at: at }));
    const messages = [
      ...ok,
      ...unsafe.map((text, k) => make({ text, author_name: `Unsafe${k}`, created_at: at })),
      make({
        text: safe[0].replace(/^\S+/, "Bravo"),
        author_name: "Pending",
        moderation: "pending",
        created_at: at,
      }),
    ];
    list.push({
      question,
      context: context(120 + i, messages, { language, timeZone: "Europe/Paris" }),
      check: (a) =>
        a.includes(title) && ok.every((m) => a.includes(`${m.author_name}, `)) &&
        a.includes(language === "en" ? "02:05 PM" : "14:05") &&
        !a.includes(language === "en" ? "01:05 PM" : "13:05") && !/Unsafe|Pending/.test(a),
    });
  });
  languages.forEach((language, i) => {
    // a summary of two sentences, in the question's language, not the general report
    const { context: ctx } = feedback(language, 130 + i, 140 + i);
    list.push({
      question: BRIEF[language],
      context: ctx,
      check: (a) => {
        const parts = a.split("\n\n");
        const text = parts[parts.findIndex((p) => p.startsWith("### ")) + 1] ?? "";
        return text.split(/(?<=[.!?…])\s+/).filter(Boolean).length === 2 &&
          questionLanguage(text, language === "fr" ? "en" : "fr") === language;
      },
    });
  });
  list.push(
    {
      question: "D'où viennent les participants, et combien sont nouveaux ?",
      context: audience(),
      check: (a) =>
        has(a, /- Lyon : \*\*9\*\*/, /nouveaux : \*\*12\*\*, déjà venus sur la chaîne : \*\*4\*\*/),
    },
    {
      question: "Which cities do the listeners write from?",
      context: audience(),
      check: (a) => has(a, /- Lyon: \*\*9\*\*/, /- Grenoble: \*\*5\*\*/),
    },
    {
      question: "Z jakich miast piszą słuchacze?",
      context: audience(),
      check: (a) => has(a, /Lyon: zgłoszenia: \*\*9\*\*/, /powracający na kanał: \*\*4\*\*/),
    },
  );
  return list;
}

Deno.test("ai evaluation - the built-in analyst answers at least 90 % of the questions right", () => {
  const all = cases();
  assert.ok(all.length >= 40, `${all.length} questions`);
  const wrong: string[] = [];
  for (const c of all) {
    const language = questionLanguage(c.question, c.context.language as Language);
    const answer = analyse(c.question, { ...c.context, language }, translator(language));
    if (!c.check(answer)) wrong.push(`${c.question}\n${answer}`);
  }
  const share = (all.length - wrong.length) / all.length;
  console.log(
    `built-in analyst: ${all.length - wrong.length}/${all.length} right (${Math.round(share * 100)} %)`,
  );
  for (const w of wrong) console.log(`WRONG: ${w}\n---`);
  assert.ok(share >= 0.9, `${Math.round(share * 100)} % right`);
});
