// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breakdown } from '../../../../src/console/dashboard/components/breakdown';

afterEach(cleanup);

const breakdown = (rows: (string | number)[][]) =>
  render(
    <Breakdown
      chart={null}
      title="By week"
      header={['Week', 'Codes issued']}
      rows={rows}
      csvRows={rows}
      file="by-week.csv"
      whenEmpty="Weeks show here once codes are issued in them."
    />,
  );

describe('a breakdown of the dashboard', () => {
  it('says what would show in an empty range, and offers no file of nothing', () => {
    breakdown([]);
    expect(screen.getByText('Nothing in this range yet. Weeks show here once codes are issued in them.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('shows its rows as a table, with their file', () => {
    breakdown([['Nov 23', 4]]);
    expect(screen.getByRole('cell', { name: 'Nov 23' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
