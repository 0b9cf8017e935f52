// The words of the demo: visitors' names and towns, and what they send (dedications, questions…).

export const FIRST_NAMES =
  "Julie Thomas Camille Nicolas Léa Hugo Manon Lucas Chloé Antoine Sarah Maxime Inès Romain Emma Julien Clara Mehdi Laura Pierre Pauline Yanis Marine Kevin Océane Baptiste Amandine Sébastien Élodie Karim Ana Piotr"
    .split(" ");
export const LAST_NAMES =
  "Martin Bernard Dubois Moreau Laurent Simon Michel Lefebvre Leroy Roux David Bertrand Morel Fournier Girard Bonnet Dupont Lambert Fontaine Rousseau Vincent Muller Lefèvre Faure André Mercier Blanc Guérin Boyer Garnier Silva Kowalski"
    .split(" ");
export const CITIES =
  "Lyon,Villeurbanne,Grenoble,Saint-Étienne,Annecy,Chambéry,Valence,Vienne,Bourg-en-Bresse,Mâcon,Roanne,Clermont-Ferrand"
    .split(",");
export const ANONYMOUS_NICKNAMES =
  "Auditeur69 LaFanDuMatin Zik_Addict PetitLouis NightDriver Mamie_Jo RockyRhône Soleil38".split(" ");
/** Target points of the 32 registered visitors: every level from BEGINNER to HERO is represented. */
export const POINT_TARGETS =
  "2450 2120 2010 1760 1530 1380 1150 1020 960 870 780 760 690 610 520 500 450 380 310 260 250 210 160 120 100 60 50 30 20 10 0 0"
    .split(" ").map(Number);

export const DEDICATIONS = [
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
export const MEMORIES = [
  "Mon plus beau souvenir, c'est la traversée de la Corse à pied avec mon fils l'été dernier.",
  "Les vacances à Porto chez ma grand-mère, les pastéis de nata tous les matins, inoubliable.",
  "Le camping à Annecy sous l'orage, on a ri toute la nuit sous la tente.",
  "Notre premier voyage en famille en Bretagne, les enfants ont vu la mer pour la première fois.",
  "Un road trip en Pologne avec des amis, Cracovie est une ville magnifique.",
  "La descente de l'Ardèche en canoë, on est tombés à l'eau trois fois !",
  "Our honeymoon in the Alps, hiking every day and fondue every night.",
];
export const QUESTIONS = [
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
export const VIDEO_NOTES = [
  "Ambiance incroyable au festival de Vienne !",
  "Le concert de clôture vu du premier rang.",
  "Mes enfants qui dansent devant la grande scène.",
  "Les bénévoles de la buvette vous saluent !",
  null,
  null,
];
export const TESTIMONIALS = [
  "Parce que ce titre me rappelle mes vacances à la plage !",
  "Impossible de ne pas danser dessus, même au bureau.",
  "Les paroles sont magnifiques et la voix est incroyable.",
  "Mes enfants le chantent en boucle dans la voiture.",
];
export const REPLIES = [
  "Merci pour votre message ! Il passera demain dans la Matinale vers 7 h 40.",
  "Merci beaucoup, toute l'équipe vous embrasse !",
  "Super question, nous l'avons posée à notre invité jeudi.",
  "Bravo, votre dédicace a été diffusée ce matin !",
  "Thanks for listening, we'll play it tomorrow!",
  "Merci, nous transmettons à l'équipe de la chronique.",
];
export const COMMENTS = [
  "Rappeler l'auditrice pour l'interview de jeudi.",
  "Très bon son, à garder pour le best-of.",
  "Vérifier l'orthographe du prénom avant diffusion.",
];
