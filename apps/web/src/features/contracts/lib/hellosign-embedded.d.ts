// The parts of hellosign-embedded (2.x, no types of its own) the template screen uses.
declare module 'hellosign-embedded' {
  type HelloSignEvent = 'createTemplate' | 'finish' | 'close' | 'cancel' | 'error';
  export default class HelloSign {
    constructor(options: { clientId: string });
    open(url: string, options?: { skipDomainVerification?: boolean; testMode?: boolean; allowCancel?: boolean }): void;
    close(): void;
    on(event: HelloSignEvent, listener: (payload?: unknown) => void): void;
  }
}
