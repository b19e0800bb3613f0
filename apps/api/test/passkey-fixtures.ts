import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import { expect } from 'vitest';

import { emailedCode } from './two-factor-fixtures.ts';
type Headers = Record<string, string>;
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/**
 * A software authenticator: a P-256 key made with node:crypto, the attestation ('none') and
 * assertions built byte by byte as WebAuthn lays them out, so the server verifies real
 * signatures over real authenticator data.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly rpId = 'crewpay.test',
    readonly origin = 'http://crewpay.test',
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to navigator.credentials.create for `options` (flags: user present and verified, credential data). */
  attest(options: { challenge: string }) {
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
      [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const credentialData = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x45]), this.counterBytes(), credentialData]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to navigator.credentials.get for `challenge`, signed with the key; the counter moves on first. */
  assert(challenge: string, options: { counter?: number } = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), this.counterBytes()]);
    const clientData = this.clientData('webauthn.get', challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }

  private counterBytes(): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }
}

const post = (app: FastifyInstance, url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** A sign-in challenge from the public route. */
export async function signInChallenge(app: FastifyInstance): Promise<string> {
  const answer = await post(app, '/v1/users/passkeys/authentication', {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ options: { challenge: string } }>().options.challenge;
}

/** Registers `authenticator` as a passkey of the signed-in person: answers the registration's answer. */
export async function registerPasskey(app: FastifyInstance, headers: Headers, authenticator: SoftAuthenticator, name = 'Laptop') {
  const started = await post(app, '/v1/users/passkeys/registration', headers);
  expect(started.statusCode, started.body).toBe(200);
  const { options, email_code_sent } = started.json<{ options: { challenge: string }; email_code_sent?: boolean }>();
  const registered = await post(app, '/v1/users/passkeys', headers, {
    name,
    credential: authenticator.attest(options),
    ...(email_code_sent ? { email_code: await emailedCode(app, headers) } : {}),
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json<{ passkey: { id: string; name: string }; recovery_codes: string[] }>();
}
