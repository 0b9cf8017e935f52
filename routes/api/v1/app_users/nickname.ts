import { checkNicknameAvailable } from "../../../../lib/app_users/service.ts";
import { availabilityRoute } from "./_availability.ts";

/** GET /api/v1/app_users/nickname/{nickname}: `OK` when the pseudonym is free. */
export default availabilityRoute("nickname", checkNicknameAvailable);
