import { act } from '@testing-library/react';

type Listener = (e: MessageEvent) => void;

/** A stand-in for EventSource: tests stub it globally and emit events by hand. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Set<Listener>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, fn: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }

  removeEventListener(type: string, fn: Listener) {
    this.listeners.get(type)?.delete(fn);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The connection is made (the server answered 200). */
  open() {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.listeners.get('open')?.forEach((fn) => fn(new MessageEvent('open'))));
  }

  /** The connection fails: for good (`closed`, as after an HTTP error) or for the browser to retry. */
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => this.listeners.get('error')?.forEach((fn) => fn(new MessageEvent('error'))));
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => this.listeners.get(type)?.forEach((fn) => fn(event)));
  }
}

