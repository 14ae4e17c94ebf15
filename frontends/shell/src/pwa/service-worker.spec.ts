import { describe, expect, it, vi } from 'vitest';
import { applyUpdate, updateStore, watchRegistration } from './service-worker.js';

/** A worker and a registration as the browser's, reduced to what the update prompt uses. */
class FakeWorker extends EventTarget {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
}
const container = (controller: object | null) => Object.assign(new EventTarget(), { controller });
const as = <T>(value: unknown) => value as T;

describe('service worker updates', () => {
  it('offers no update on the first install (nothing controls the page yet)', () => {
    const registration = new FakeRegistration();
    watchRegistration(as(registration), as(container(null)));
    registration.installing = new FakeWorker();
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing.become('installed');
    expect(updateStore.waiting()).toBeNull();
  });

  it('offers the worker installed while another controls the page, and Reload hands over then reloads', () => {
    const registration = new FakeRegistration();
    const page = container({});
    watchRegistration(as(registration), as(page));
    const seen = vi.fn();
    const stop = updateStore.subscribe(seen);
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(updateStore.waiting()).toBe(next);
    expect(seen).toHaveBeenCalledTimes(1);

    const reload = vi.fn();
    applyUpdate(as(page), reload);
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('offers a worker already waiting when the page registers', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    watchRegistration(as(registration), as(container({})));
    expect(updateStore.waiting()).toBe(registration.waiting);
  });

  it('offers a worker the browser was already installing when the page registered (its updatefound came before)', () => {
    const registration = new FakeRegistration();
    const next = new FakeWorker();
    registration.installing = next;
    watchRegistration(as(registration), as(container({})));
    expect(updateStore.waiting()).not.toBe(next);
    next.become('installed');
    expect(updateStore.waiting()).toBe(next);
  });

  it('Reload after the worker took over in another tab reloads at once: no controllerchange is coming', () => {
    const registration = new FakeRegistration();
    const page = container({});
    watchRegistration(as(registration), as(page));
    const next = new FakeWorker();
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.become('installed');
    expect(updateStore.waiting()).toBe(next);
    // Reload in the other tab: the worker activates and this page's controller changes with it.
    next.become('activating');
    page.dispatchEvent(new Event('controllerchange'));
    next.become('activated');

    const reload = vi.fn();
    applyUpdate(as(page), reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
