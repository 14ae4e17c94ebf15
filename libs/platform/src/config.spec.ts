import { expect, test } from 'vitest';
import { loadConfig } from './config.js';

test('PUBLIC_URL is the base of e-mail links: default http://localhost:<PORT>, trailing slash dropped', () => {
  expect(loadConfig({ PORT: '4123' }).publicUrl).toBe('http://localhost:4123');
  expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
  expect(loadConfig({ PORT: '4123', PUBLIC_URL: 'https://budget.example.com/' }).publicUrl).toBe('https://budget.example.com');
});
