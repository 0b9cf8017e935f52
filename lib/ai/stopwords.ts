// Stop words of the five interface languages (fr, en, pt, es, pl), accents removed and lower-cased,
// as lib/ai/words.ts normalises the words it counts. Filler words of speech are included because
// voice transcripts are counted too.

const FR = `a au aux avec ce ces cet cette dans de des du elle elles en et eux il ils je la le les leur
leurs lui ma mais me meme mes moi mon ne nos notre nous on ou par pas pour qu que qui sa se ses son sur ta te
tes toi ton tu un une vos votre vous c d j l m n s t y ete etre avoir ai as avons avez ont est sont suis es
etes etait etaient sera serait fait faire plus tres tout tous toute toutes aussi bien comme donc alors si
car ni quand quoi dont cela ca ceci ici la-bas oui non merci bonjour salut bonsoir peu beaucoup encore deja
jamais toujours rien sans sous chez vers entre apres avant depuis pendant contre parce puis aussi autre
assez autres meme memes quel quelle quels quelles chaque cest jai quil quelle nest sest dun dune euh ben bah
voila vraiment juste trop fois chose choses ans an va vais vas vont aller peut peux veux veut faut
aujourd hui comment pourquoi combien voudrais voudrait aimerais pouvez pourriez`;

const EN = `a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most my
myself no nor not now of off on once only or other our ours ourselves out over own same she should so some
such than that the their theirs them themselves then there these they this those through to too under
until up very was we were what when where which while who whom why will with would you your yours yourself
yourselves im ive dont cant thats its hi hello thanks thank yes yeah oh um uh like really get got also one
would could please`;

const PT = `a o as os um uma uns umas de do da dos das em no na nos nas por pelo pela pelos pelas para com
sem sob sobre entre e ou mas que se nao sim eu tu ele ela nos vos eles elas me te lhe lhes meu minha meus
minhas teu tua seu sua seus suas nosso nossa isto isso aquilo este esta estes estas esse essa esses essas
aquele aquela ao aos foi ser sou era estar estou esta muito mais menos tambem ja ainda so como quando onde
porque obrigado obrigada ola bom boa tem ter ha vai vou`;

const ES = `a al ante bajo con contra de del desde durante en entre hacia hasta para por segun sin sobre
tras el la lo los las un una unos unas y e o u ni que pero mas si no yo tu el ella nosotros vosotros ellos
ellas me te se nos os le les mi mis tu tus su sus nuestro nuestra este esta estos estas ese esa esos esas
aquel aquella es son soy eres era fue ser estar estoy esta muy tambien ya como cuando donde porque gracias
hola bueno buena hay tiene tengo va voy`;

const PL = `a aby ale bo by byc byl byla bylo byly czy dla do gdy gdzie i ich ja jak jako jest jestem
jej jego juz ktora ktore ktory ktorzy lub mi mnie moj moja na nad nam nas nie nic niz o od oraz po pod
przez przy sa sie ta tak tam te tego tej ten to tu ty tylko w we wiec wszystko z za ze zeby co go ja jaka
jakie mu my nim ona one oni ono pan pani prosze dziekuje czesc dzien dobry bardzo bedzie mam ma`;

const words = (list: string) => list.split(/\s+/).filter(Boolean);

/** The stop words of each language, normalised like the counted words (to tell a question's language). */
export const STOP_WORDS_BY_LANGUAGE: Readonly<Record<"fr" | "en" | "pt" | "es" | "pl", ReadonlySet<string>>> =
  {
    fr: new Set(words(FR)),
    en: new Set(words(EN)),
    pt: new Set(words(PT)),
    es: new Set(words(ES)),
    pl: new Set(words(PL)),
  };

/** Every stop word of the five languages, normalised like the counted words. */
export const STOP_WORDS: ReadonlySet<string> = new Set([FR, EN, PT, ES, PL].flatMap(words));
