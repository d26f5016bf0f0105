import type { LiveRoomState } from '@portal/shared/live-room';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { asUser } from '../../testing/billing-factories.ts';
import { nextOf, realtimeTabs, type Tab } from '../../testing/realtime-tabs.ts';
import { startSiblingApp, startTestApp, testTargets } from '../../testing/test-app.ts';
import { livePerson, type Person, roomCaller, seedLiveSession } from './live-room.testing.ts';

/** A whole signal put back together from its parts. */
async function nextSignal(tab: Tab) {
  const first = await nextOf(tab, 'live_signal');
  const chunks = [first];
  while (chunks.length < first.parts) chunks.push(await nextOf(tab, 'live_signal'));
  expect(new Set(chunks.map((chunk) => chunk.signalId)).size).toBe(1);
  const text = chunks
    .sort((a, b) => a.part - b.part)
    .map((chunk) => chunk.chunk)
    .join('');
  return { from: first.from, sessionId: first.sessionId, data: JSON.parse(text) as unknown };
}

describe.each(testTargets())('live room realtime on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;
  let host: Person;
  let ada: Person;
  let ben: Person;
  const tabs = realtimeTabs();

  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target));
    await tabs.listen(app);
    host = await livePerson(app, 'Hana Host', 'instructor');
    ada = await livePerson(app, 'Ada');
    ben = await livePerson(app, 'Ben');
  });
  afterEach(() => {
    tabs.closeAll();
  });
  afterAll(async () => {
    await close();
  });

  it('a chat message, a deletion and a timer start reach everyone in the room', async () => {
    const sessionId = await seedLiveSession(app, { host, going: [ada, ben] });
    const call = roomCaller(app, sessionId);
    for (const person of [host, ada]) await call(person, 'POST', '/enter');
    const hostTab = await tabs.connect(host);
    const adaTab = await tabs.connect(ada);

    const sent = (await call(ada, 'POST', '/messages', { body: 'Hello room' })).json();
    for (const tab of [hostTab, adaTab]) {
      expect(await nextOf(tab, 'live_chat_message')).toEqual({
        type: 'live_chat_message',
        sessionId,
        message: { id: sent.id, user_id: ada.userId, name: 'Ada', body: 'Hello room', created_at: sent.created_at },
      });
    }
    await call(host, 'DELETE', `/messages/${sent.id}`);
    expect(await nextOf(adaTab, 'live_chat_deleted')).toEqual({
      type: 'live_chat_deleted',
      sessionId,
      messageId: sent.id,
    });
    await call(host, 'POST', '/timer', { action: 'start', duration_seconds: 90 });
    expect(await nextOf(adaTab, 'live_room_changed')).toMatchObject({ sessionId });
  });

  it('cancelling a session reaches everyone in its room at once, admins who did not answer too', async () => {
    const admin = await livePerson(app, 'Ana Admin', 'admin');
    const sessionId = await seedLiveSession(app, { host, going: [ada] });
    const call = roomCaller(app, sessionId);
    for (const person of [host, ada, admin]) await call(person, 'POST', '/enter');
    const adaTab = await tabs.connect(ada);
    const adminTab = await tabs.connect(admin);

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/live/sessions/${sessionId}/cancel`,
      headers: asUser(host),
      payload: { scope: 'this' },
    });
    expect(cancelled.statusCode).toBe(200);
    for (const tab of [adaTab, adminTab]) {
      expect(await nextOf(tab, 'live_session_changed')).toMatchObject({ session_id: sessionId, change: 'cancelled' });
    }
    const refused = await call(ada, 'POST', '/enter');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'room_not_open', reasons: ['cancelled'] });
  });

  it('a chat message sent through one instance reaches a socket on another', async () => {
    const other = await startSiblingApp(database);
    try {
      const sessionId = await seedLiveSession(app, { host, going: [ada] });
      for (const person of [host, ada]) await roomCaller(app, sessionId)(person, 'POST', '/enter');
      const hostTab = await tabs.connect(host);

      const sent = await roomCaller(other, sessionId)(ada, 'POST', '/messages', { body: 'From instance B' });
      expect(sent.statusCode).toBe(200);
      expect((await nextOf(hostTab, 'live_chat_message')).message.body).toBe('From instance B');
    } finally {
      await other.close();
    }
  });

  it('signals travel only between people present in the same room, large descriptions in parts', async () => {
    const sessionId = await seedLiveSession(app, { host, going: [ada, ben] });
    const call = roomCaller(app, sessionId);
    await call(host, 'POST', '/enter');
    await call(ada, 'POST', '/enter');
    const hostTab = await tabs.connect(host);
    const adaTab = await tabs.connect(ada);
    const benTab = await tabs.connect(ben);
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host\r\n'.repeat(200)}`;
    expect(sdp.length).toBeGreaterThan(8000);

    // Ben is going but not in the room: his signal to the host and the host's to him are dropped.
    benTab.socket.send(
      JSON.stringify({
        type: 'live_signal',
        sessionId,
        to: host.userId,
        data: { description: { type: 'offer', sdp: 'v=0' } },
      }),
    );
    hostTab.socket.send(
      JSON.stringify({
        type: 'live_signal',
        sessionId,
        to: ben.userId,
        data: { description: { type: 'offer', sdp: 'v=0' } },
      }),
    );
    adaTab.socket.send(
      JSON.stringify({
        type: 'live_signal',
        sessionId,
        to: host.userId,
        data: { description: { type: 'offer', sdp } },
      }),
    );

    const received = await nextSignal(hostTab);
    expect(received).toEqual({ from: ada.userId, sessionId, data: { description: { type: 'offer', sdp } } });
    // The sending connection's id travels with the signal, so the other side knows a connection made anew.
    const candidate = {
      connection: 'host-connection-0001',
      candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    };
    hostTab.socket.send(JSON.stringify({ type: 'live_signal', sessionId, to: ada.userId, data: candidate }));
    expect(await nextSignal(adaTab)).toEqual({ from: host.userId, sessionId, data: candidate });
    // A page entering the call greets the others with the connection it has with each (a fresh id when none).
    const hello = { hello: true, connection: 'ada-page-000001' };
    adaTab.socket.send(JSON.stringify({ type: 'live_signal', sessionId, to: host.userId, data: hello }));
    expect(await nextSignal(hostTab)).toEqual({ from: ada.userId, sessionId, data: hello });

    // Nothing reached Ben, and the host got nothing from him: the next thing each sees is this push.
    await app.realtime.publishToUser(ben.userId, { type: 'subscription_change' });
    expect(await benTab.next()).toEqual({ type: 'subscription_change' });
    await app.realtime.publishToUser(host.userId, { type: 'subscription_change' });
    expect(await nextOf(hostTab, 'subscription_change')).toEqual({ type: 'subscription_change' });
  });

  it("one person's signals arrive in the order they were sent: a description before the candidates after it", async () => {
    const sessionId = await seedLiveSession(app, { host, going: [ada] });
    const call = roomCaller(app, sessionId);
    for (const person of [host, ada]) await call(person, 'POST', '/enter');
    const hostTab = await tabs.connect(host);
    const adaTab = await tabs.connect(ada);
    const sdp = `v=0\r\n${'a=candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host\r\n'.repeat(120)}`;
    const sent = [
      { description: { type: 'offer', sdp } },
      ...Array.from({ length: 30 }, (_, index) => ({
        candidate: { candidate: `candidate:${index} 1 udp 1 192.0.2.1 9 typ host`, sdpMid: '0', sdpMLineIndex: 0 },
      })),
    ];
    // Sent in one burst, as a browser does right after setting its description.
    for (const data of sent) {
      adaTab.socket.send(JSON.stringify({ type: 'live_signal', sessionId, to: host.userId, data }));
    }
    const received: unknown[] = [];
    while (received.length < sent.length) received.push((await nextSignal(hostTab)).data);
    expect(received).toEqual(sent);
  });

  it('someone with the room open in two tabs is in the call once: in the tab that took it last', async () => {
    const sessionId = await seedLiveSession(app, { host, going: [ada] });
    const call = roomCaller(app, sessionId);
    const [firstTab, secondTab] = ['tab-first-0001', 'tab-second-002'];
    const callTab = async (by: Person) =>
      (await call(by, 'GET', '/state'))
        .json<LiveRoomState>()
        .participants.find((person) => person.user_id === by.userId)?.call_tab;
    await call(host, 'POST', '/enter', { tab: 'host-tab-0001', claim: true });
    expect((await call(ada, 'POST', '/enter', { tab: firstTab, claim: true })).json<LiveRoomState>().me.call_tab).toBe(
      firstTab,
    );
    const hostSocket = await tabs.connect(host);
    const adaSocket = await tabs.connect(ada);

    // Ada opens the room in a second tab: the call moves there, and the host is told to reconnect to it.
    expect((await call(ada, 'POST', '/enter', { tab: secondTab, claim: true })).json<LiveRoomState>().me.call_tab).toBe(
      secondTab,
    );
    expect(await nextOf(hostSocket, 'live_room_changed')).toMatchObject({ sessionId, change: 'presence' });
    // The first tab's heartbeat keeps Ada present without taking the call back.
    await call(ada, 'POST', '/enter', { tab: firstTab });
    expect(await callTab(ada)).toBe(secondTab);

    // Signals reach only the tab holding the call, and only that tab's signals go out.
    const offer = { description: { type: 'offer', sdp: 'v=0' } };
    const send = (socket: Tab, to: Person, tabs: { from_tab?: string; to_tab?: string }, sdp: string) =>
      socket.socket.send(
        JSON.stringify({
          type: 'live_signal',
          sessionId,
          to: to.userId,
          ...tabs,
          data: { description: { type: 'offer', sdp } },
        }),
      );
    send(hostSocket, ada, { from_tab: 'host-tab-0001', to_tab: firstTab }, 'to the old tab');
    send(adaSocket, host, { from_tab: firstTab, to_tab: 'host-tab-0001' }, 'from the old tab');
    send(hostSocket, ada, { from_tab: 'host-tab-0001', to_tab: secondTab }, 'v=0');
    const atAda = await nextOf(adaSocket, 'live_signal');
    expect(atAda).toMatchObject({ from: host.userId, fromTab: 'host-tab-0001', toTab: secondTab });
    expect(JSON.parse(atAda.chunk)).toEqual(offer);
    send(adaSocket, host, { from_tab: secondTab, to_tab: 'host-tab-0001' }, 'v=0');
    expect(await nextOf(hostSocket, 'live_signal')).toMatchObject({ from: ada.userId, fromTab: secondTab });

    // Closing the first tab leaves Ada in the room; closing the tab holding the call leaves it.
    expect((await call(ada, 'POST', '/leave', { tab: firstTab })).statusCode).toBe(204);
    expect(await callTab(ada)).toBe(secondTab);
    expect((await call(ada, 'POST', '/leave', { tab: secondTab })).statusCode).toBe(204);
    expect(await callTab(host)).toBe('host-tab-0001');
    expect(await callTab(ada)).toBeUndefined();
    // The remaining tab's next heartbeat brings Ada back, with the call in that tab.
    expect((await call(ada, 'POST', '/enter', { tab: firstTab })).json<LiveRoomState>().me.call_tab).toBe(firstTab);
  });

  it('closing the tab holding the call while another tab stays keeps the person in the room; that tab takes it', async () => {
    const sessionId = await seedLiveSession(app, { host, going: [ada] });
    const call = roomCaller(app, sessionId);
    const [firstTab, secondTab] = ['tab-stays-0001', 'tab-closes-002'];
    const adaOf = async () =>
      (await call(host, 'GET', '/state'))
        .json<LiveRoomState>()
        .participants.find((person) => person.user_id === ada.userId);
    await call(host, 'POST', '/enter', { tab: 'host-tab-0002', claim: true });
    await call(ada, 'POST', '/enter', { tab: firstTab, claim: true });
    await call(ada, 'POST', '/enter', { tab: secondTab, claim: true });
    const hostSocket = await tabs.connect(host);

    // The tab with the call closes, telling the server another tab of Ada's is still in the room.
    expect((await call(ada, 'POST', '/leave', { tab: secondTab, others_open: true })).statusCode).toBe(204);
    expect(await nextOf(hostSocket, 'live_room_changed')).toMatchObject({ sessionId, change: 'presence' });
    expect(await adaOf()).toMatchObject({ user_id: ada.userId, call_tab: null });
    // The remaining tab takes the call: still one visit, never a gap in the list.
    expect((await call(ada, 'POST', '/enter', { tab: firstTab, claim: true })).json<LiveRoomState>().me.call_tab).toBe(
      firstTab,
    );
    const attendees = (await call(host, 'GET', '/attendance')).json<{
      attendees: { user_id: string; visits: number }[];
    }>().attendees;
    expect(attendees.find((row) => row.user_id === ada.userId)?.visits).toBe(1);
    // A tab that does not hold the call changes nothing by saying so; the last tab's leave ends the visit.
    expect((await call(ada, 'POST', '/leave', { tab: secondTab, others_open: true })).statusCode).toBe(204);
    expect((await adaOf())?.call_tab).toBe(firstTab);
    expect((await call(ada, 'POST', '/leave', { tab: firstTab })).statusCode).toBe(204);
    expect(await adaOf()).toBeUndefined();
  });

  it('a flood of signals is cut off after 100 in ten seconds', async () => {
    const flooder = await livePerson(app, 'Flo');
    const target = await livePerson(app, 'Tara');
    const sessionId = await seedLiveSession(app, { host: target, going: [flooder] });
    for (const person of [flooder, target]) await roomCaller(app, sessionId)(person, 'POST', '/enter');
    const targetTab = await tabs.connect(target);
    const flooderTab = await tabs.connect(flooder);
    const candidate = { candidate: { candidate: 'candidate:1 1 udp 1 192.0.2.1 9 typ host', sdpMid: '0' } };
    for (let index = 0; index < 120; index += 1) {
      flooderTab.socket.send(JSON.stringify({ type: 'live_signal', sessionId, to: target.userId, data: candidate }));
    }
    for (let index = 0; index < 100; index += 1) await nextOf(targetTab, 'live_signal');
    // The 20 signals over the limit were dropped when they arrived: nothing more comes before this push.
    await app.realtime.publishToUser(target.userId, { type: 'subscription_change' });
    const before: string[] = [];
    for (
      let message = await targetTab.next();
      message.type !== 'subscription_change';
      message = await targetTab.next()
    ) {
      before.push(message.type);
    }
    expect(before.filter((type) => type === 'live_signal')).toEqual([]);
  });
});
