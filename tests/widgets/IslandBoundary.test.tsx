import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IslandBoundary } from '../../src/app/IslandBoundary';

function Broken(): never {
  throw new Error('no data');
}

describe('IslandBoundary', () => {
  it('replaces a failing figure with a message and leaves its neighbours drawn', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <p>prose before</p>
        <IslandBoundary name="forget">
          <Broken />
        </IslandBoundary>
        <IslandBoundary name="scale">
          <p>another figure</p>
        </IslandBoundary>
      </div>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/could not be drawn/);
    expect(screen.getByText('prose before')).toBeTruthy();
    expect(screen.getByText('another figure')).toBeTruthy();
    expect(spy.mock.calls.some((args) => String(args[0]).includes('The forget figure failed'))).toBe(true);
    spy.mockRestore();
  });
});
