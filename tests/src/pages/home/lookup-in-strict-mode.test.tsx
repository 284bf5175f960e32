// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { useMachine } from '@xstate/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { fetchRegistrationActor } from '../../../../machines/profile/profile.actors';
import { profileMachine } from '../../../../machines/profile/profile.machine';
import type { HttpResponse } from '../../../../machines/http-response';
import { openRegistration } from '../../../support/profile.paths';

/** The lookup as ky makes it: a request its signal aborts rejects, as a fetch does. */
function lookupLikeKy(_: unknown, signal: AbortSignal): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    setTimeout(() => resolve(new Response(JSON.stringify(openRegistration), { status: 200 })), 10);
  });
}

function Flow() {
  const [snapshot] = useMachine(
    profileMachine.provide({ actors: { fetchRegistration: fetchRegistrationActor(lookupLikeKy) } }),
    { input: { token: openRegistration.token } },
  );
  return <p>{JSON.stringify(snapshot.value)}</p>;
}

describe('the code’s lookup under React’s StrictMode (npm run dev)', () => {
  it('reaches the form: the lookup its first, stopped start aborted is no connection problem', async () => {
    render(
      <StrictMode>
        <Flow />
      </StrictMode>,
    );
    expect(await screen.findByText('{"form":"editing"}')).toBeTruthy();
    expect(screen.queryByText('"lookupFailed"')).toBeNull();
  });
});
