import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// The API's schemas carry OpenAPI metadata (.openapi()); import z from here in app/lib/api.
extendZodWithOpenApi(z);

export { z };
