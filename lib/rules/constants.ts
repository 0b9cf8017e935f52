// Business constants of the specs, one place, named with their section.
//
// Sizes and durations are written as literals with their unit beside them, never as a product such as
// `10 * 1024 * 1024`: the bundler cannot prove a product free of side effects, so it would ship every such
// constant of this file to the widget's phone, used or not.

// visitor-widget.md §9
export const CHOICES_PER_PAGE = 5;
export const MIN_CHOICES = 2;
export const THANKS_TO_RESULTS_MS = { channel: 2000, single: 1000 } as const;
export const SEND_SCREEN_DELAY_MS = 2000;
export const TASK_POLL_MS = { channel: 2000, single: 1000 } as const;
export const PERMANENT_REFRESH_MS = 90_000;
export const FADE_OUT_MS = 200;
export const FADE_IN_MS = 50;
export const CAROUSEL_AUTOPLAY_MS = 5000;
export const RECORDER_TICK_MS = 30;
export const RECORDER_TIMESLICE_MS = 5000;
/**
 * Recording bitrates fit for a phone's upload: speech in Opus (or AAC on Safari) needs about 32 kbit/s,
 * a quarter of a browser's default (a 20 s message: about 80 KB instead of 320 KB); a selfie video at
 * 600 kbit/s uploads in about its own length on a 3G link.
 */
export const RECORDER_AUDIO_BPS = 32_000;
/**
 * The waits between attempts to send a saved message (upload and final request): quick at first, then
 * reaching minutes so a phone out of coverage does not drain its battery; the browser's `online` event
 * cuts any wait short. After the last one, the last wait repeats until the message is sent or discarded.
 */
export const SEND_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000];
export const RECORDER_VIDEO_BPS = 600_000;
export const DEFAULT_TEXT_LIMIT = 250;
export const SMS_MAX_LENGTH = 160;
export const AVAILABILITY_DEBOUNCE_MS = 350;
export const DEFAULT_PAGE_SIZE = 50;
export const STOCK_BACKGROUNDS = 8;
export const DEFAULT_WIDGET_COLOR = "#c48b9f"; // "a muted rose"
export const DEFAULT_PRIMARY_COLOR = "#1b2a4a"; // "a dark blue"
export const WIDGET_PROFILE_LANGUAGES = ["en", "fr", "pt"] as const;
export const POINTS = { liked: 10, quoted: 50, broadcast: 100 } as const;
/** Levels by points (§4): each level starts at its threshold. */
export const LEVELS = [
  { name: "BEGINNER", from: 0 },
  { name: "AMATEUR", from: 250 },
  { name: "REGULAR", from: 500 },
  { name: "CONFIRMED", from: 750 },
  { name: "PRO", from: 1000 },
  { name: "EXPERT", from: 1500 },
  { name: "HERO", from: 2000 },
] as const;
export const VIDEO_EXTENSIONS = [
  "mp4",
  "mkv",
  "avi",
  "mov",
  "wmv",
  "flv",
  "webm",
  "3gp",
  "mpeg",
  "mpg",
] as const;
export const IMAGE_EXTENSIONS = [
  "jpg",
  "jpeg",
  "png",
  "gif",
  "bmp",
  "webp",
  "svg",
  "tiff",
  "tif",
  "ico",
  "heic",
  "heif",
] as const;
export const MIN_PASSWORD_LENGTH_VISITOR = 8;

// back-office.md §9
export const PRIVATE_COMMENT_AUTOSAVE_MS = 3000;
export const MESSAGE_SENT_NOTICE_MS = 2000;
export const MESSAGE_LIST_REFRESH_MS = 15_000;
export const SEARCH_DEBOUNCE_MS = 500;
/** How long a studio-inbox key waits for the message it acts on to be loaded and idle. */
export const INBOX_KEY_WAIT_MS = 10_000;
export const CLICK_OUTSIDE_MS = 100;
export const REPLY_FOCUS_MS = 200;
export const TITLE_MAX_LENGTH = 100;
export const MEDIA_MAX_BYTES = 10_485_760; // 10 MiB
export const DEFAULT_END_DAYS = 7;
export const MIN_AVAILABILITY_GAP_MS = 3_600_000; // 1 h
export const AI_MAX_MESSAGES = 100;
/** The monetisation goal of a channel: messages in 12 months, from that many participants. */
export const MONETISATION_GOAL = { messages: 4000, participants: 500 } as const;
/** Participations the built-in analyst reads at most (the latest), so every figure covers them all. */
export const AI_ANALYST_MAX_MESSAGES = 20_000;
/** Texts of the channel's other interactions that the themes are weighted against (the latest). */
export const AI_BACKGROUND_TEXTS = 2_000;
export const TOAST_MS = { default: 5000, success: 2000, resetSelf: 20_000 } as const;
export const RESULTS_REFRESH_MS = 2500;

/**
 * How long a process serves a segment's public vote results from memory at most. A vote or a
 * staff change made through this instance drops them at once (lib/participations/results_cache.ts); this
 * bounds a change made by another instance or outside the app.
 */
export const VOTE_RESULTS_CACHE_MS = 1000;
/** Segments whose vote results a process keeps at once. */
export const VOTE_RESULTS_CACHE_ENTRIES = 1000;
/** Debounce of the edit page's autosave (§4 "changes auto-save after a debounce"; the delay is ours). */
export const SEGMENT_AUTOSAVE_MS = 1000;
/** Delay before the defaults fill an empty customisation form (§3: "after 1 s if empty"). */
export const CUSTOMISATION_DEFAULTS_DELAY_MS = 1000;
/** Refresh of the vote integrity figures while the page is visible (the delay is ours). */
export const VOTE_INTEGRITY_REFRESH_MS = 5000;
export const WEBVIEW_VERSIONS = ["01", "02"] as const;
export const DELIVERY_OPTIONS = ["none", "netia", "ftpclassic"] as const;
/** What automatic delivery sends: every accepted voice/video message, or those staff mark for air. */
export const DELIVERY_TRIGGERS = ["accepted", "air"] as const;
export const CHANNEL_TYPES = ["radio", "tv", "event", "press"] as const;
export const CHANNEL_STATUSES = ["demo", "active", "closed"] as const;
export const MONETISATION = { messages: 4000, participants: 500, months: 12 } as const;
export const DATA_ITEMS = ["first_name", "name", "city", "phone", "email", "age"] as const;
/** The contact items a registration, draw or quiz collects at least one of, so its winners can be reached. */
export const CONTACT_ITEMS = ["email", "phone"] as const;
/** Interaction types whose wizard asks which data is collected (registration, draw, quiz, SMS game). */
export const COLLECTING_TYPES: readonly string[] = ["registration", "game", "sms"];
export const SEGMENT_TYPES = [
  "recording_question",
  "video",
  "single_choice_question",
  "multiple_choice_question",
  "sms",
  "message",
  "registration",
  "game",
] as const;
export type SegmentType = typeof SEGMENT_TYPES[number];

// visitor accounts (widget §3 App user, §5, §7): limits chosen for the API
export const NICKNAME_LENGTH = { min: 2, max: 30 } as const;
export const MAX_PASSWORD_LENGTH_VISITOR = 128; // bounds the cost of hashing
export const RESET_TOKEN_TTL_MS = 3_600_000; // forgot password link: 1 h, single use
export const AVATAR_MAX_BYTES = 5_242_880; // 5 MiB
export const AVATAR_MIMES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const RANKING_SIZE = 50; // rows of GET ranking, plus the caller's own row when outside
export const VISITOR_FORGOT_LIMITS = {
  ip: { max: 10, windowSeconds: 3600 },
  email: { max: 3, windowSeconds: 3600 },
} as const;
// per address and hour; anonymous sends register each time (the widget keeps no anonymous user), and
// a venue's wifi puts many visitors behind one address
export const VISITOR_REGISTER_LIMITS = {
  full: { max: 30, windowSeconds: 3600 },
  anonymous: { max: 300, windowSeconds: 3600 },
} as const;
export const VISITOR_AVAILABILITY_LIMIT = { max: 120, windowSeconds: 60 } as const; // per address
// back-office §2 "AI assistant modal", §7 "POST AI prompt": our bounds on a question.
export const AI_PROMPT_MAX_LENGTH = 2000;
/** Questions per minute, per staff member and per channel (429 beyond). */
export const AI_RATE_LIMIT = {
  user: { max: 10, windowSeconds: 60 },
  channel: { max: 30, windowSeconds: 60 },
} as const;
// visitor-widget §7 Upload slot: what the recorder produces besides the spec's video and image lists,
// and the largest upload per media kind.
export const AUDIO_EXTENSIONS = ["webm", "ogg", "mp4", "m4a", "mp3", "wav"] as const;
export const UPLOAD_MAX_BYTES = {
  audio: 52_428_800, // 50 MiB
  video: 314_572_800, // 300 MiB
  image: 10_485_760, // 10 MiB
};
/** An upload slot not finished within this time is deleted (tus file and media row). */
export const UPLOAD_EXPIRY_MS = 86_400_000; // 24 h
/**
 * A listener's uploaded file that no participation uses this long after its upload is deleted (file and
 * media row): an upload is public under the station's domain, so a file never sent is not kept.
 */
export const UNUSED_UPLOAD_MS = 86_400_000; // 24 h
/**
 * The longest recording an interaction may ask for (back-office §3: max_recording_time, 5 to 600 s), the
 * limit of a media tied to no interaction (a staff reply), and what a recording may last beyond its
 * interaction's max_recording_time before it is refused (the recorder stops a little after the limit).
 */
export const MAX_RECORDING_TIME_S = 600;
export const RECORDING_TIME_MARGIN_S = 10;
/**
 * The largest picture (width × height) an image may declare: it is checked from the header before
 * anything decodes it (a 446 KB PNG of 12000×12000 decodes to 432 MB of pixels). 24 megapixels hold a
 * 6000×4000 photo, whose AVIF and WebP copies are made within FFMPEG_MEMORY_LIMIT_BYTES (193 MB at most,
 * bench/media_jobs.ts); 40 megapixels were not.
 */
export const IMAGE_MAX_PIXELS = 24_000_000;
/** The image copies (AVIF, WebP) of an upload fit in this box (px): screens need no more. */
export const IMAGE_VARIANT_MAX_PX = 2560;
/**
 * Every ffmpeg/ffprobe run of the worker: killed after this wall-clock time, with at most this much private
 * memory (RLIMIT_DATA: a failed allocation ends it) and this many threads (each thread's buffers count).
 */
export const FFMPEG_TIMEOUT_MS = 300_000; // 5 min
export const FFMPEG_MEMORY_LIMIT_BYTES = 314_572_800; // 300 MiB
export const FFMPEG_THREADS = 2;
// Listeners' data rights: the retention periods a channel may choose (months; unset = kept),
// how long a "download my data" link works, and how many exports a listener may ask for per hour.
export const RETENTION_MONTHS = [3, 6, 12, 24] as const;
export const DATA_EXPORT_LINK_SECONDS = 3600;
export const DATA_EXPORT_LIMIT = { max: 5, windowSeconds: 3600 } as const;
/** The retention sweep empties at most this many participations per statement (a daily job). */
export const RETENTION_BATCH = 500;

/** Counted votes per client address, per interaction and hour, unless staff change it. */
export const DEFAULT_VOTE_CAP = 20;
/** The highest per-address cap staff may set (the column's check, migration 013). */
export const MAX_VOTE_CAP = 100_000;
/**
 * Interactions whose participation context (segment, choices, channel settings) the server keeps
 * between votes, and for how long; a staff change applies to the next vote all the same (this keeps
 * the votes/s with the per-address cap).
 */
export const PARTICIPATION_CONTEXT_CACHE_ENTRIES = 1000;
export const PARTICIPATION_CONTEXT_CACHE_MS = 10_000;
/**
 * Group commit of participations (votes near the database's limit): a batch is written when it
 * holds VOTE_BATCH_MAX votes or VOTE_BATCH_DELAY_MS after its first one, at most VOTE_BATCHES_IN_FLIGHT
 * batches at once per process (the others grow meanwhile, so batches are larger the busier the database).
 */
export const VOTE_BATCH_MAX = 64;
export const VOTE_BATCH_DELAY_MS = 2;
export const VOTE_BATCHES_IN_FLIGHT = 4;

/** The loudness targets a channel may choose for its broadcast copies (EBU R128, podcast/stream). */
export const AUDIO_TARGETS_LUFS = [-23, -16] as const;
/** The delivery formats of broadcast copies (MP3 at a bit rate, or WAV 48 kHz at a bit depth). */
export const AUDIO_FORMATS = ["mp3_192", "mp3_320", "wav_16", "wav_24"] as const;
/** How a channel's cloud transfer reaches the studio: FTP/FTPS, SFTP, an S3-compatible bucket. */
export const DELIVERY_PROTOCOLS = ["ftp", "sftp", "s3"] as const;
/** No broadcast copy peaks above this true peak (dBTP). */
export const TRUE_PEAK_CEILING_DBTP = -1;
/** The number of waveform points kept per media. */
export const WAVEFORM_POINTS = 300;
/** Below this level (dBFS) the ends of a recording are silence and are trimmed. */
export const SILENCE_THRESHOLD_DB = -50;
/** The silence kept after the last sound of a recording when its end is trimmed (seconds). */
export const TRAILING_SILENCE_KEPT_S = 0.25;
/** A recording whose true peak reaches this (dBTP) is flagged as clipped. */
export const CLIPPED_PEAK_DBTP = -0.5;
/** A recording quieter than this integrated loudness (LUFS) is flagged as nearly silent. */
export const NEARLY_SILENT_LUFS = -50;
/** A limited broadcast render is measured and corrected until it reads the target ± this (LU). */
export const LOUDNESS_TOLERANCE_LU = 0.5;
/** At most this many renders of one broadcast copy (the first, then corrections of a limited one). */
export const MAX_BROADCAST_RENDERS = 3;
/** The sample rate (Hz) the render hands the waveform peaks in; its sample count gives the duration. */
export const PEAKS_SAMPLE_RATE = 8000;
/**
 * Media jobs one worker runs at once when MEDIA_JOB_CONCURRENCY is unset: one per CPU (an audio
 * job is two single-threaded ffmpeg runs and waits on storage and the database in between), at most this.
 */
export const MEDIA_JOB_CONCURRENCY_MAX = 8;
/**
 * The pg-boss priority of a media job whose message goes to the studio once processed (automatic
 * delivery of every accepted message, or a message staff marked for air); other media jobs have 0.
 */
export const MEDIA_JOB_PRIORITY_AIR = 10;
/** Pages and JSON smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The most JavaScript (gzip bytes, as fetched, and the page's own module the page carries inline) a widget
 * page loads before a participation starts: phones on a weak network open it when a station says "vote
 * now" (tests/e2e/js_budget_test.ts). The single
 * widget's goal is 12 KB, the channel home's 15 KB. Each is a page bundle (framework/bundle.ts: the loader
 * and the island in one script, tree-shaken for that island alone). The single widget's first paint is
 * its first screen only: the participation (later screens, send flow, @preact/signals-core) loads on the
 * visitor's first intent (components/widget/Participation.tsx). Measured: 12,871 B for the home (was
 * 13,481 B) and 11,027 B for the single widget (was 14,393 B); the channel ceiling adds a small margin.
 *
 * The home then grew by about 1 kB (13,895 B): it finishes sending a message saved in this browser, its
 * carousel pauses under the pointer and focus with a pause button, and it hands the focus on after each
 * step; the ceiling follows it, with the participation code still out of it (fetched once idle). The single
 * widget grew the same way (it finishes a saved message, knows the logged-in listener for an interaction
 * that requires registration, and fetches its next screens once idle): 12,496 B, 12,569 B with the account
 * notice, over its 12 KB goal by up to 280 B; its ceiling is 12.5 KB until that is won back.
 */
export const JS_BUDGET_GZIP_BYTES = { channel: 14_336, single: 12_288 }; // 14 and 12 KiB

/**
 * Shared caches (a CDN, Deno Deploy's edge) may keep a public widget page this long and serve it stale
 * while they refetch it for that much longer: a "vote now" spike reaches the app a few times a minute.
 * Browsers revalidate every time (max-age=0, ETag → 304).
 */
export const PUBLIC_PAGE_CACHE = { sMaxAgeSeconds: 10, staleWhileRevalidateSeconds: 60 };

/**
 * Each instance keeps its rendered widget pages this long at most (app/page_cache.ts), fewer than this
 * many: a change by staff reaches them at once through the database (migration 026); the lifetime is the
 * safety net for a notification lost while the database was away, and for a permanent interaction whose
 * start date comes (the channel page does not read the ones not started yet).
 */
export const PAGE_RENDER_CACHE = { ttlMs: 5_000, maxEntries: 500, maxBytes: 16_777_216 }; // 16 MiB

/**
 * Static files are served from memory (app/static_files.ts) when no larger than `maxBytes`; a file's date
 * is looked at again after `recheckMs`, so an edited stylesheet shows in development.
 */
export const STATIC_MEMORY = { maxBytes: 1_000_000, recheckMs: 2_000, totalBytes: 16_777_216 }; // 16 MiB

// Live screens: at most one results event per interaction per window (about 4 per second),
// a keep-alive comment on idle streams (proxies close silent connections), and how often a staff stream
// checks that its session is still live (it ends when the session is revoked).
export const LIVE_COALESCE_MS = 250;
export const LIVE_KEEPALIVE_MS = 15_000;
export const LIVE_SESSION_CHECK_MS = 2000;
/** A stream reads its state again after this long without an event, and sends it only when it changed. */
export const LIVE_RESYNC_MS = 10_000;
/**
 * Open live streams one instance holds at most; one more is answered 503 with Retry-After (another instance,
 * or this one later). No cap per address: thousands of listeners share one address behind a mobile carrier
 * (CGNAT), so a stream is made cheap instead: 55–75 KB, most of it Deno.serve's own connection
 * (bench/hostile_traffic.ts), so 10,000 streams hold about 700 MB.
 */
export const LIVE_STREAMS_MAX = 10_000;
/** Seconds a client refused a stream (cap reached, or the instance stopping) is told to wait. */
export const LIVE_RETRY_AFTER_SECONDS = 5;

// Bounded requests: what a client may make the server hold. A body larger than its route's limit is refused
// with 413 before it is read (Content-Length) or as soon as it goes over (chunked). A body that stalls or
// trickles is cut off (408); bodies still arriving after SLOW_BODY_AFTER_MS count as slow, and past the caps
// one more is answered 503 with Retry-After, so slow connections cannot hold the server's memory.
/** A JSON (or any other) body, unless its route declares more (app/body_limit.ts declareBodyLimit). */
export const BODY_MAX_BYTES = 1_048_576; // 1 MiB
/** A multipart form carries one media file (readUploadForm counts the route's own limit while reading). */
export const FORM_BODY_MAX_BYTES = MEDIA_MAX_BYTES + 65_536; // + 64 KiB
/** A body with no byte for this long is cut off. */
export const BODY_IDLE_MS = 10_000;
/** After BODY_IDLE_MS, a body must have come at this average rate at least (bytes per second). */
export const BODY_MIN_BYTES_PER_SECOND = 2048;
/** A body still arriving after this long is a slow one (counted against the caps below). */
export const SLOW_BODY_AFTER_MS = 2000;
/** Slow bodies at once per client address, and in all. */
export const SLOW_BODIES_PER_ADDRESS = 16;
export const SLOW_BODIES_MAX = 128;
/** Seconds a client refused a slow body is told to wait. */
export const SLOW_BODY_RETRY_AFTER_SECONDS = 10;
/** On SIGTERM: what the app gives requests in flight to finish, and the time it exits within. */
export const SHUTDOWN_DRAIN_MS = 5000;
export const SHUTDOWN_DEADLINE_MS = 9500;
/**
 * What the jobs that were running get to finish once the stop began (a rollup, a mail): inside the
 * deadline above, after the drain; a media job's tools are stopped at once and the job retried elsewhere.
 */
export const JOBS_STOP_MS = 2000;

// Statistics: the worker rolls the daily rollups of every channel this often (yesterday
// again, and older days a late change marked); today is always read from the participations.
export const STATISTICS_ROLLUP_MINUTES = 10;
// Webhooks: each delivery is tried at most WEBHOOK_MAX_ATTEMPTS times; after the nth failure the
// next try waits WEBHOOK_RETRY_BASE_SECONDS × 2^(n-1) (90 s, 3 min, 6 min … 12.8 h: about 25 h in all). A try
// waits WEBHOOK_TIMEOUT_MS for an answer; a receiver should refuse a signature older than the tolerance.
export const WEBHOOK_MAX_ATTEMPTS = 11;
export const WEBHOOK_RETRY_BASE_SECONDS = 90;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** After a secret's rotation, deliveries are signed with the previous secret too for this long (24 h). */
export const WEBHOOK_SECRET_OVERLAP_MS = 86_400_000; // 24 h
export const WEBHOOKS_PER_CHANNEL = 10;
/** Deliveries (and their attempts) are kept this long in the log, then removed by the hourly cleanup. */
export const WEBHOOK_LOG_DAYS = 30;
/** A new channel's time zone (020_statistics_rollups.sql's default), chosen in its settings form. */
export const DEFAULT_TIME_ZONE = "Europe/Paris";

/**
 * What a self-registered channel may use until a super administrator approves it (back-office §2 "Login and
 * register"): a trial must not load the shared worker or the disk as a station does. Members counts its
 * staff accounts; uploads counts the listeners' media participations of the last 24 hours; storage the
 * bytes of its media files.
 */
export const UNAPPROVED_CHANNEL_QUOTA = {
  members: 3,
  uploadsPerDay: 50,
  storageBytes: 209_715_200, // 200 MiB
} as const;

/** A quiz player's pseudonym's length, as shown on air (the widget's field and the server's check). */
export const QUIZ_PSEUDONYM_MAX = 24;
