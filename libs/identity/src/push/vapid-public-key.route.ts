import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { VAPID_KEYS, type VapidKeys } from './vapid-keys.js';

/** The root path the spec gives the key (product-spec §7, server-behaviour §4.1), outside `/api/v1`. */
export const VAPID_PUBLIC_KEY_PATH = '/vapidPublicKey';

/**
 * GET /vapidPublicKey (public): the VAPID public key as plain text, which the browser passes to
 * `PushManager.subscribe` as its applicationServerKey. Registered on Fastify itself because the
 * API's global prefix (`/api/v1`) applies to every Nest controller; services/api's static web
 * keeps this path out of the shell (`API_ROOTS_OUTSIDE_API`).
 */
@Injectable()
export class VapidPublicKeyRoute implements OnModuleInit {
  constructor(
    @Inject(HttpAdapterHost) private readonly host: HttpAdapterHost,
    @Inject(VAPID_KEYS) private readonly keys: VapidKeys,
  ) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify || typeof fastify.get !== 'function') return;
    fastify.get(VAPID_PUBLIC_KEY_PATH, (_request, reply) => {
      void reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-cache').send(this.keys.publicKey);
    });
  }
}
