// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from '../../../../../src/components/fields/text-field';
import type { Refusal } from '../../../../../src/console/client';
import { ErrorSummary } from '../../../../../src/console/components/server-form/error-summary';
import { SubmitRow } from '../../../../../src/console/components/server-form/submit-row';
import { useServerForm } from '../../../../../src/console/components/server-form/use-server-form';

const refusal = (message: string, issues: Record<string, string> = {}): Refusal =>
  Object.assign(new Error(message), { issues });

/** A form written as a console form is: the kit's declaration and its fields. */
function PlaceForm({ submit }: { submit: (values: { name: string; from: string }) => Promise<{ name: string }> }) {
  const form = useServerForm({
    inputPrefix: 'place',
    fields: { name: { label: 'Name' }, from: { label: 'Open from', issueKey: 'window.start' } },
    initial: { name: '', from: '' },
    check: (values) => (values.name === 'local' ? { name: 'Checked here first' } : null),
    submit,
  });
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <ErrorSummary {...form.summary} />
      <TextField {...form.field('name')} />
      <TextField {...form.field('from')} />
      <SubmitRow
        label="Save"
        busyLabel="Saving…"
        busy={form.busy}
        refusal={form.refusal}
        saved={form.saved && `Saved ${form.saved.name}.`}
      />
    </form>
  );
}

function renderForm(submit: (values: { name: string; from: string }) => Promise<{ name: string }>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlaceForm submit={submit} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

/** What a screen reader reads after a control's name: the text of the elements its aria-describedby names. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('useServerForm', () => {
  it("marks each field the server's issues name and focuses the first in the form's order", async () => {
    renderForm(() =>
      Promise.reject(refusal('Some fields are invalid.', { 'window.start': 'Too early', name: 'Taken' })),
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Main');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(name)).toBe('Taken');
    expect(descriptionOf(screen.getByLabelText('Open from'))).toBe('Too early');
    // A refusal that is about fields is said at the fields, not again by the button.
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('lists the problems above the form as links that take the focus to their field', async () => {
    renderForm(() => Promise.reject(refusal('Some fields are invalid.', { 'window.start': 'Too early' })));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    const links = within(summary.parentElement!).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Open from: Too early']);
    screen.getByLabelText('Name').focus();
    await userEvent.click(links[0]!);
    expect(document.activeElement).toBe(screen.getByLabelText('Open from'));
  });

  it('says a refusal no field claims next to the button, announced, and keeps what was typed', async () => {
    renderForm(() => Promise.reject(refusal('Only an owner can do that.')));
    await userEvent.type(screen.getByLabelText('Name'), 'Main');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Only an owner can do that.'));
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Main');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('an issue no field of the form claims is the refusal', async () => {
    renderForm(() => Promise.reject(refusal('Some fields are invalid.', { siteId: 'No such site' })));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No such site'));
  });

  it('is busy while saving (one press sends once), then empties the form and says what was saved', async () => {
    let answer: (value: { name: string }) => void = () => undefined;
    const submit = vi.fn(() => new Promise<{ name: string }>((resolve) => (answer = resolve)));
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Name'), 'Main');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    answer({ name: 'Main' });

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved Main.'));
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit).toHaveBeenCalledWith({ name: 'Main', from: '' }, expect.anything());
  });

  it("clears the fields' messages once a save succeeds", async () => {
    const submit = vi
      .fn<(values: { name: string; from: string }) => Promise<{ name: string }>>()
      .mockRejectedValueOnce(refusal('Invalid', { name: 'Taken' }))
      .mockResolvedValueOnce({ name: 'Other' });
    renderForm(submit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true'));
    await userEvent.type(screen.getByLabelText('Name'), 'Other');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved Other.'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
  });

  it('a check before sending marks its fields and sends nothing', async () => {
    const submit = vi.fn(() => Promise.resolve({ name: 'x' }));
    renderForm(submit);
    await userEvent.type(screen.getByLabelText('Name'), 'local');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(descriptionOf(screen.getByLabelText('Name'))).toBe('Checked here first');
    expect(submit).not.toHaveBeenCalled();
  });
});
