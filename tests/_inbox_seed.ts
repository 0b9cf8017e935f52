// Real-looking listener messages in bulk on one interaction, for the inbox's weight test and bench: texts,
// transcripts, names and cities vary, some read, liked, archived, trashed or awaiting moderation.
import type { Sql } from "postgres";

/** Adds `count` messages to interaction `segmentId`, one every 10 s back in time after the `after` first ones. */
export async function seedInboxMessages(
  sql: Sql,
  segmentId: number,
  count: number,
  after = 0,
): Promise<void> {
  const [seg] = await sql<{ channel_id: number; type: string }[]>`
    select channel_id, type from segments where id = ${segmentId}`;
  await sql`
    insert into messages (channel_id, segment_id, type, content, text, transcript, duration_ms, author_name,
      author_city, read, liked, broadcast_status, status, moderation, created_at)
    select ${seg.channel_id}, ${segmentId}, ${seg.type}, '{}'::jsonb,
      (array['Bravo pour l''émission, je vous écoute tous les matins en allant au travail',
        'Une question pour l''invité : quand sort le prochain album ?', 'Merci pour la musique ce soir',
        'Passez du jazz ce soir, s''il vous plaît'])[1 + g % 4],
      (array['bonjour', 'dédicace', 'anniversaire', 'merci', 'matinale', 'vacances'])[1 + (g * 7) % 6] ||
        ' pour toute l''équipe de la matinale, message ' || g,
      10000 + (g % 50) * 1000,
      (array['Marie', 'Lucas', 'Emma', 'Hugo', 'Léa', 'Nathan', 'Chloé'])[1 + g % 7] || ' ' ||
        (array['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert'])[1 + (g / 7) % 5],
      (array['Lyon', 'Grenoble', 'Annecy', 'Valence', 'Nantes'])[1 + g % 5],
      g % 10 < 7, g % 20 = 0,
      case when g % 50 = 0 then 'broadcast_2' when g % 33 = 0 then 'broadcast_1' else 'none' end,
      case when g % 10 = 9 then 'archived' when g % 31 = 0 then 'trash' else 'received' end,
      case when g % 97 = 0 then 'pending' else 'none' end,
      now() - (g * 10) * interval '1 second'
    from generate_series(${after + 1}::int, ${after + count}::int) g`;
}
