// The staff controls of the on-air overlay (PUT show_segments/{id}/overlay), apart from lib/rules/overlay.ts
// so the overlay islands do not bundle zod.
import { z } from "zod";
import { OVERLAY_VIEWS } from "./overlay.ts";

/** The controls of the interaction page: what to show, a message on air, reveal or hide, close now. */
export const overlayControlSchema = z.object({
  view: z.enum(OVERLAY_VIEWS).optional(),
  /** A message of the interaction to put on air (null takes it off). */
  message_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  /** Shows (true) or hides (false) the results on the overlay and in the widget. */
  reveal: z.boolean().optional(),
  /** Closes the vote now. */
  close: z.literal(true).optional(),
}).strict();
export type OverlayControl = z.infer<typeof overlayControlSchema>;
