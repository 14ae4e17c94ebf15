import { expect, test } from 'vitest';
import { loadConfig } from './config.js';

test('PUBLIC_URL is the base of e-mail links: default http://localhost:<PORT>, trailing slash dropped', () => {
  expect(loadConfig({ PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
  expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  expect(loadConfig({ PORT: '4123', PUBLIC_URL: 'https://budget.example.com/' }).publicUrl).toBe('https://budget.example.com');
});

test('production refuses to start without JWT_SECRET only for a service that uses it', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('JWT_SECRET must be set');
  expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }, '/', { secrets: ['JWT_SECRET'] })).toThrow('JWT_SECRET must be set');
  // The projector and the worker name no secret: they start without one.
  expect(loadConfig({ NODE_ENV: 'production' }, '/', { secrets: [] }).nodeEnv).toBe('production');
  expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
});
