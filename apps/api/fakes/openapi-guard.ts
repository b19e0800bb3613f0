import type { FakeAnswer, FakeRequest } from './http-fake.ts';
import type { OpenApiCheck } from './openapi-check.ts';

type Route = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

type GuardOptions = {
  /** The provider's name, in the problems it records. */
  name: string;
  /** How the provider refuses a request that breaks its description (its own error body). */
  refuse(problems: string[]): FakeAnswer;
  /** Requests that are the fake's own, not the provider's (GET /_fake/state). */
  isOwn?(request: FakeRequest): boolean;
  /**
   * Checks an error answer the description does not document (Twilio's lists only successes):
   * against the provider's documented error shape instead.
   */
  checkUndocumentedError?(answer: FakeAnswer): string[];
};

/**
 * Puts a fake's route behind its provider's official description: every request it receives
 * and every answer it gives (scripted failures too) is checked. A request that breaks the
 * description is refused as the provider refuses it; every problem is recorded, and under vitest
 * a problem the test did not take (takeProblems) fails the test when it ends, so a test cannot pass
 * on an exchange the real provider would not have.
 */
export async function guardRoute(check: OpenApiCheck, route: Route, options: GuardOptions) {
  const problems: string[] = [];
  // Under vitest, the test running when a problem is recorded fails at its end unless it took the problems.
  let failRunningTest: (() => void) | undefined;
  if (process.env.VITEST) {
    const { onTestFinished } = await import('vitest');
    const failAtEnd = () => {
      const left = problems.splice(0);
      if (left.length > 0) throw new Error(`The ${options.name} fake saw exchanges its official description refuses:\n${left.join('\n')}`);
    };
    failRunningTest = () => {
      try {
        onTestFinished(failAtEnd);
      } catch {
        // Outside a test (a beforeAll): the problems stay recorded, printed, and fail the next test that ends.
      }
    };
  }
  const scripted: { path: RegExp; answer: FakeAnswer }[] = [];
  const record = (found: string[], request: FakeRequest, what: string) => {
    if (found.length === 0) return;
    const lines = found.map((problem) => `${options.name} fake: ${what} of ${request.method} ${request.path}: ${problem}`);
    problems.push(...lines);
    console.error(lines.join('\n'));
    failRunningTest?.();
  };

  async function guarded(request: FakeRequest): Promise<FakeAnswer> {
    if (options.isOwn?.(request)) return route(request);
    const sent = { ...request, contentType: request.headers['content-type'] };
    const requestProblems = check.checkRequest(sent);
    record(requestProblems, request, 'request');
    if (requestProblems.length > 0) return options.refuse(requestProblems);
    const index = scripted.findIndex((failure) => failure.path.test(request.path));
    const answer = index >= 0 ? scripted.splice(index, 1)[0]!.answer : await route(request);
    if (answer.dropConnection) return answer;
    let answerProblems = check.checkAnswer(request, { status: answer.status, body: answer.body });
    if (answer.status >= 400 && options.checkUndocumentedError && answerProblems.some((problem) => problem.includes('not a documented')))
      answerProblems = options.checkUndocumentedError(answer);
    record(answerProblems, request, 'answer');
    return answer;
  }

  return {
    route: guarded,
    /** The problems recorded so far, taken (a test that sends a broken request on purpose reads them). */
    takeProblems: () => problems.splice(0),
    /** The next request to a matching path gets this answer instead (once); it is checked like any other. */
    failNext: (path: RegExp, answer: FakeAnswer) => scripted.push({ path, answer }),
  };
}
