// Attacks on the WebVTT subtitles of videos: they are served beside the video's files, under the
// media's random name, built from the transcript at each read. A stranger gets no transcript of a private
// message: not by a made-up or sequential name, not through the public reads of that message, not for a
// media without a transcript, and not any more once the participation is erased.
import assert from "node:assert/strict";
import { testApp } from "../_helpers.ts";
import { anonymiseMessages } from "../../db/data_rights.ts";
import { randomChannel, randomMessage, randomSegment } from "../api/_participation.ts";

Deno.test("security: subtitles - a stranger reads no transcript of a private video", async (t) => {
  const ctx = await testApp();
  try {
    const channelId = await randomChannel(ctx.sql);
    const segment = await randomSegment(ctx.sql, channelId, { type: "video", media_type: "video" });
    const secret = `Mon numéro secret ${crypto.randomUUID().slice(0, 8)}`;
    const video = async (transcript: string | null, kind = "video") => {
      const [media] = await ctx.sql<{ id: string }[]>`
        insert into media (channel_id, kind, extension, status, playable_path, duration_ms, transcript_segments)
        values (${channelId}, ${kind}, 'mp4', 'ready', 'participations/x-web.mp4', 1000,
          ${ctx.sql.json([{ start: 0, end: 1, text: transcript ?? "" }])})
        returning id`;
      const message = await randomMessage(ctx.sql, { id: segment.id, channelId }, {
        type: "video",
        media_id: media.id,
        transcript,
      });
      return { mediaId: media.id, messageId: message.id };
    };
    const privateVideo = await video(secret);
    const url = (id: string) => `/media/participations/${id}-subtitles.vtt`;

    await t.step("the owner's inbox gets it (the name works)", async () => {
      const res = await ctx.request(url(privateVideo.mediaId));
      assert.equal(res.status, 200);
      assert.ok((await res.text()).includes(secret));
    });

    await t.step(
      "made-up, sequential, malformed and traversing names answer 404 without a transcript",
      async () => {
        for (
          const key of [
            url(crypto.randomUUID()),
            url(String(privateVideo.messageId)),
            `/media/participations/${privateVideo.messageId}-subtitles.vtt`,
            `/media/participations/${privateVideo.mediaId}-subtitles.vtt%00`,
            `/media/participations%2F..%2Fparticipations%2F${privateVideo.mediaId}-subtitles.vtt`,
            `/media/participations/${privateVideo.mediaId}'%20or%20'1'='1-subtitles.vtt`,
            `/media/${privateVideo.mediaId}-subtitles.vtt`,
          ]
        ) {
          const res = await ctx.request(key);
          const body = await res.text();
          assert.equal(res.status, 404, key);
          assert.ok(!body.includes(secret), key);
        }
      },
    );

    await t.step(
      "the public reads of the private message give neither the transcript nor its name",
      async () => {
        const [m] = await ctx.sql<{ token: string }[]>`
        select share_token::text as token from messages where id = ${privateVideo.messageId}`;
        for (
          const path of [
            `/api/v1/interactions/${m.token}`,
            `/api/v1/interactions/${privateVideo.messageId}`,
            `/widgets/channel/${channelId}/?s=${m.token}`,
          ]
        ) {
          const res = await ctx.request(path);
          const body = await res.text();
          assert.ok(!body.includes(secret), path);
          assert.ok(!body.includes(privateVideo.mediaId), path);
        }
      },
    );

    await t.step("a media without a transcript, or an image, has no subtitles", async () => {
      const silent = await video(null);
      assert.equal((await ctx.request(url(silent.mediaId))).status, 404);
      const image = await video("une photo", "image");
      assert.equal((await ctx.request(url(image.mediaId))).status, 404, "an image");
      const processing = await video("pas encore", "video");
      await ctx.sql`update media set status = 'processing' where id = ${processing.mediaId}`;
      assert.equal((await ctx.request(url(processing.mediaId))).status, 404, "not processed yet");
    });

    await t.step("once the participation is erased, the known name answers 404", async () => {
      await anonymiseMessages(ctx.sql, [privateVideo.messageId]);
      const res = await ctx.request(url(privateVideo.mediaId));
      assert.equal(res.status, 404);
      assert.ok(!(await res.text()).includes(secret));
    });
  } finally {
    await ctx.close();
  }
});
