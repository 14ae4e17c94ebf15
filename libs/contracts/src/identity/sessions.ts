import { z } from 'zod';
import { route } from '../common/route.js';
import { refreshTokenBody, requiredFormText, tokenPair } from './fields.js';

/**
 * POST /login {username, password}: `{data:{access, refresh}}`. Wrong credentials answer 401 with
 * the same message on `username` and `password`; an unverified address 401 on `username`.
 */
export const login = route({
  id: 'login',
  method: 'POST',
  path: '/login',
  summary: 'Sign in with username and password',
  tag: 'identity',
  public: true,
  body: z.object({
    username: requiredFormText({ required: 'A username is required', type: 'The username must be text.' }),
    password: requiredFormText({ required: 'A password is required', type: 'The password must be text.' }),
  }),
  response: z.object({ data: tokenPair }),
  errors: [401, 429],
});

/**
 * POST /refresh {data:{refresh}}: spends the refresh token for a new pair of the same session. An
 * unknown, spent, expired or missing token answers 401 with an empty body.
 */
export const refreshTokens = route({
  id: 'refreshTokens',
  method: 'POST',
  path: '/refresh',
  summary: 'Trade a refresh token for a new token pair',
  tag: 'identity',
  public: true,
  body: refreshTokenBody,
  response: z.object({ data: tokenPair }),
  errors: [401],
});

/** POST /logout {data:{refresh}}: ends the current session and the refresh token's; empty 200. */
export const logout = route({
  id: 'logout',
  method: 'POST',
  path: '/logout',
  summary: 'Sign out: end the current session and that of the given refresh token',
  tag: 'identity',
  body: refreshTokenBody,
  response: null,
});
