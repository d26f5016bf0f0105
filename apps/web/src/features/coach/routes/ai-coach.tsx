import { type CoachLanguage, coachLanguageSchema } from '@portal/shared/coach';
import { SUBSCRIPTION_OVERVIEW } from '@portal/shared/routes';
import { TIERS, type Tier, tierRank } from '@portal/shared/tiers';
import { Bot } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { PlanUpgrade } from '@/components/plan-upgrade';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useDeleteConversation } from '../api/delete-conversation';
import { useCoachOverview } from '../api/get-coach-overview';
import { useConversation } from '../api/get-conversation';
import { useConversations } from '../api/get-conversations';
import { useSettleProposal } from '../api/settle-proposal';
import { AnswerMarkdown } from '../components/answer-markdown';
import { answerText } from '../components/answer-text';
import { Composer } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { MessageItem } from '../components/message-item';
import { autoReadOn, readAloud } from '../components/read-aloud';
import { Suggestions } from '../components/suggestions';
import { type CoachError, useCoachChat } from '../hooks/use-coach-chat';

/** The plan above the learner's, which allows more messages a day. */
const nextTier = (tier: Tier | null): Tier =>
  TIERS[Math.min(tierRank(tier ?? 'calm') + 1, TIERS.length - 1)] ?? 'universal';

function ErrorNotice({ error }: { error: CoachError }) {
  const { t } = useTranslation(['coach', 'plans']);
  if (error.kind === 'limit') {
    return (
      <Alert variant="warning">
        <p>{t('coach:errors.limit', { plan: t(`plans:tiers.${error.tier}.name`) })}</p>
        <Link to={SUBSCRIPTION_OVERVIEW} className="font-medium text-primary underline">
          {t('coach:errors.upgrade')}
        </Link>
      </Alert>
    );
  }
  if (error.kind === 'provider') {
    return <Alert variant="destructive">{t(`coach:errors.${error.code}`, { defaultValue: error.message })}</Alert>;
  }
  return <Alert variant="destructive">{t('coach:errors.other')}</Alert>;
}

/** The AI study coach: conversations on the left, the open one with its streamed answer on the right. */
export function CoachPage() {
  const { t, i18n } = useTranslation('coach');
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const overview = useCoachOverview();
  const conversations = useConversations();
  const conversation = useConversation(selectedId);
  const deleteConversation = useDeleteConversation();
  const settleProposal = useSettleProposal();
  const [announcement, setAnnouncement] = useState('');
  /** The conversation of the link, or the one being written to, no longer exists. */
  const [gone, setGone] = useState(false);
  const language: CoachLanguage = coachLanguageSchema.catch('en').parse(i18n.resolvedLanguage ?? i18n.language);
  const chat = useCoachChat({
    onAnswer: (message) => {
      setAnnouncement(t('answerReady', { answer: answerText(message.content) }));
      if (autoReadOn()) readAloud(message.content, language);
    },
  });
  const messages = conversation.data?.messages ?? [];
  const live = chat.live?.conversationId === selectedId ? chat.live : null;
  const liveStored = Boolean(live?.stopped) && messages.length >= (live?.baseCount ?? 0) + 2;
  const { clearLive } = chat;
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;

  useEffect(() => {
    if (liveStored) clearLive();
  }, [liveStored, clearLive]);

  // An old link (deleted in another tab, a bookmark): start afresh instead of sending into nothing.
  useEffect(() => {
    if (!missing) return;
    setGone(true);
    setParams({}, { replace: true });
  }, [missing, setParams]);

  const select = (conversationId: string | null) => {
    setGone(false);
    setParams(conversationId ? { c: conversationId } : {});
  };
  /** Resolves true once the question is part of the conversation; otherwise it goes back into the message box. */
  const ask = async (text: string) => {
    setGone(false);
    setAnnouncement(t('answering'));
    const outcome = await chat.send({ conversationId: selectedId, content: text, language, onCreated: select });
    if (outcome === 'gone') {
      setParams({}, { replace: true });
      setGone(true);
    }
    if (outcome !== 'kept') setAnnouncement('');
    return outcome === 'kept';
  };
  const stop = () => {
    chat.stop();
    setAnnouncement(t('answerStopped'));
  };

  const refused = overview.error instanceof ApiError && overview.error.code === 'subscription_required';
  if (refused) {
    return (
      <div>
        <PageHeader title={t('title')} description={t('description')} />
        <PlanUpgrade
          tier={((overview.error as ApiError).reasons[0] as Tier | undefined) ?? 'me'}
          feature={t('feature')}
        />
      </div>
    );
  }

  const usage = overview.data?.usage;
  const limited = usage?.remaining === 0 || chat.error?.kind === 'limit';
  const usageText = usage
    ? usage.limit === null
      ? t('usage.unlimited')
      : t('usage.left', { count: usage.remaining ?? 0, limit: usage.limit })
    : null;

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={usageText ? <p className="text-sm font-medium">{usageText}</p> : null}
      />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <ConversationList
          conversations={conversations.data?.conversations ?? []}
          selectedId={selectedId}
          onSelect={select}
          onNew={() => select(null)}
          deleting={deleteConversation.isPending}
          onDelete={async (conversationId) => {
            await deleteConversation.mutateAsync(conversationId);
            if (conversationId === null || conversationId === selectedId) select(null);
          }}
        />
        <section aria-labelledby="coach-conversation" className="flex min-w-0 flex-col gap-4">
          <h2 id="coach-conversation" className="sr-only">
            {conversation.data?.conversation.title || t('conversations.untitled')}
          </h2>
          {overview.data?.provider === 'grounded' ? (
            <p className="text-sm text-muted-foreground">{t('provider.grounded')}</p>
          ) : null}
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6">
              {conversation.isLoading ? <Spinner label={t('loading')} /> : null}
              {messages.length === 0 && !live && !conversation.isLoading ? (
                <EmptyState icon={Bot} title={t('empty.title')} description={t('empty.description')} />
              ) : null}
              <ol className="flex flex-col gap-4" aria-label={t('messagesLabel')}>
                {messages.map((message, index) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    unanswered={
                      message.role === 'user' &&
                      messages[index + 1]?.role !== 'assistant' &&
                      !(live && index === messages.length - 1)
                    }
                    language={language}
                    settling={settleProposal.isPending}
                    onSettle={(messageId, proposalId, action) =>
                      settleProposal.mutate({ messageId, proposalId, action })
                    }
                  />
                ))}
                {live && !liveStored ? (
                  <>
                    {messages.length <= live.baseCount ? (
                      <MessageItem
                        message={{
                          role: 'user',
                          content: live.question,
                          status: 'complete',
                          citations: [],
                          proposals: [],
                        }}
                        language={language}
                      />
                    ) : null}
                    <li aria-busy={!live.stopped} className="flex flex-col items-start gap-1">
                      <div className="max-w-[85%] rounded-lg border border-border bg-card px-4 py-3 text-sm">
                        <p className="sr-only">{t('message.coach')}</p>
                        {live.text ? <AnswerMarkdown text={live.text} /> : <p>{t('thinking')}</p>}
                        {live.stopped ? (
                          <p className="mt-2 text-xs text-muted-foreground">{t('message.stopped')}</p>
                        ) : null}
                      </div>
                    </li>
                  </>
                ) : null}
              </ol>
              {gone ? <Alert variant="warning">{t('errors.gone')}</Alert> : null}
              {chat.error ? <ErrorNotice error={chat.error} /> : null}
              {!chat.error && usage?.remaining === 0 ? (
                <ErrorNotice error={{ kind: 'limit', tier: nextTier(usage.tier), message: '' }} />
              ) : null}
              <Suggestions
                suggestions={messages.length === 0 ? (overview.data?.suggestions ?? []) : []}
                onAsk={(text) => void ask(text)}
                disabled={chat.streaming || limited}
              />
              <Composer
                onSend={ask}
                onStop={stop}
                streaming={chat.streaming}
                disabledReason={limited ? t('composer.limitReached') : null}
              />
            </CardContent>
          </Card>
        </section>
      </div>
    </div>
  );
}
