import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** The OpenAPI document is generated from the routes' zod schemas and shown at /docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Crewpay API',
        version: '1.0.0',
        description:
          'Pay creators, agents and managers, bill customers and keep the books. Authenticate with the `auth-token` header (a session token from POST /v1/users/signin), or with an organisation API key (Settings, API tab) as `Authorization: Bearer cp_...`: it acts as the owner, except on member, API key and webhook management. Outgoing webhooks: see docs/webhooks.md.',
      },
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' }, apiKey: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ authToken: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The reference page sets inline style attributes; its own default policy forbids them (a
  // console error on every load) and forces https. Scripts stay 'self' only.
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });
}
