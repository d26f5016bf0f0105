import '@/lib/i18n';
import type { LiveRoomState } from '@portal/shared/live-room';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoomPeople } from './room-people';

const person = (userId: string, name: string, isHost = false) => ({
  user_id: userId,
  name,
  is_host: isHost,
  muted: false,
  hand_raised_at: null,
  media: true,
  call_tab: null,
});

/** An admin who moderates a room the instructor hosts, with a learner in it. */
const moderatorView = {
  me: { user_id: 'admin', is_host: false, can_moderate: true },
  participants: [person('instructor', 'Ivan Instructor', true), person('admin', 'Ada Admin'), person('lea', 'Lea')],
  hands: [],
} as unknown as LiveRoomState;

afterEach(cleanup);

describe('the people in a live room', () => {
  it('a moderator may mute anyone else and, once confirmed, hand the host role to those who are not host already', async () => {
    const onChange = vi.fn();
    render(<RoomPeople state={moderatorView} onChange={onChange} />);
    const people = screen.getByRole('list', { name: 'People in the room' });
    const host = within(people).getByText('Ivan Instructor').closest('li') as HTMLElement;
    expect(within(host).getByText('Host')).toBeTruthy();
    expect(within(host).getByRole('button', { name: 'Mute Ivan Instructor in the chat' })).toBeTruthy();
    expect(within(host).queryByRole('button', { name: /host/i })).toBeNull();

    const learner = within(people).getByText('Lea').closest('li') as HTMLElement;
    const user = userEvent.setup();
    await user.click(within(learner).getByRole('button', { name: 'Make Lea the host' }));
    expect(onChange).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Lea the host?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make host' }));
    expect(onChange).toHaveBeenCalledWith({ kind: 'hand_over', userId: 'lea' });
  });
});
