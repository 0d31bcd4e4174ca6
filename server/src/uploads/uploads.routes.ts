import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AVATAR_URL_PREFIX, avatarDirectory } from './picture-upload.js';

/** Serves stored avatars read-only; file names are random, so they are safe to cache. */
export function uploadsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const root = avatarDirectory(deps.config.DATA_DIR);
  void app.register(async (scope) => {
    await mkdir(root, { recursive: true });
    await scope.register(fastifyStatic, {
      root,
      prefix: AVATAR_URL_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '30d',
      immutable: true,
    });
  });
}
