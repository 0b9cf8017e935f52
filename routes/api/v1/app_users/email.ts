import { checkEmailAvailable } from "../../../../lib/app_users/service.ts";
import { availabilityRoute } from "./_availability.ts";

/** GET /api/v1/app_users/email/{email}: `OK` when the address is free. */
export default availabilityRoute("email", checkEmailAvailable);
