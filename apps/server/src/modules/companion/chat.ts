import { companionCrisisNotice, errorCatalog, type CompanionStreamEvent } from '@wallx/shared';
import { translate } from '@wallx/shared/i18n/catalogs';
import { AppError } from '../../platform/errors/app-error.js';
import { dayInZone } from '../../platform/time/days.js';
import { transaction } from '../../platform/db/transaction.js';
import { speaksOfCrisis } from './crisis.js';
import { crisisLineFor, limitsOf, type Asker, type CompanionDeps } from './deps.js';
import { ModelStreamError, streamCompletion, type ChatMessage } from './model-client.js';
import { systemPrompt } from './system-prompt.js';

/** The messages of a conversation the model is given: the latest ones, enough for context, bounded for cost. */
const HISTORY_MESSAGES = 20;
/** When the model server gives no usage: about four characters a token (an estimate the console marks as such). */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export type StreamSink = (event: CompanionStreamEvent, data: unknown) => void;

/** A message accepted and stored: `run` streams its answer (the crisis line first when flagged). */
export type PreparedAnswer = { run: (sink: StreamSink, signal: AbortSignal) => Promise<void> };

/**
 * Sending a message and answering it (decisions 154–156). Before anything streams, the refusals a
 * client can act on are plain HTTP errors: unavailable, budget or allowance spent, no such
 * conversation. The user's message is stored (sealed) and counted before the model is called, so it
 * is kept whatever the model does; the answer is stored only when whole — a stalled, failed or
 * abandoned answer is dropped and the message waits for a retry.
 */
export function createCompanionChat(deps: CompanionDeps) {
  const { db, repository, config, timeZone, now = Date.now } = deps;

  function ready() {
    if (!config.model || !deps.cipher) throw new AppError('companion_unavailable');
    return { model: config.model, cipher: deps.cipher };
  }

  async function checkBudget(day: string) {
    const { settings, tokens } = await repository.budgetOn(db, day);
    const limits = limitsOf(config, settings);
    if (tokens >= limits.dailyTokenBudget) throw new AppError('companion_budget_spent');
    return limits;
  }

  async function history(asker: Asker, conversationId: string): Promise<ChatMessage[]> {
    const { cipher } = ready();
    const rows = await repository.messages(db, conversationId, HISTORY_MESSAGES);
    return [
      { role: 'system', content: systemPrompt(asker.language) },
      ...rows.map((row) => ({
        role: row.role,
        content: cipher.open(row.body, { userId: asker.userId, conversationId, messageId: row.id }),
      })),
    ];
  }

  function answer(
    asker: Asker,
    conversationId: string,
    messageId: string,
    isCrisis: boolean,
    prompt: ChatMessage[],
  ): PreparedAnswer {
    const { model, cipher } = ready();
    return {
      run: async (sink, signal) => {
        // Our own check, before and whatever the model says: the crisis line is the stream's first event.
        if (isCrisis)
          sink('crisis', {
            notice: companionCrisisNotice[asker.language],
            support_line: await crisisLineFor(deps, asker),
          });
        sink('accepted', { conversation_id: conversationId, message_id: messageId });
        const day = dayInZone(now(), timeZone);
        try {
          const { text, usage } = await streamCompletion(model, prompt, {
            signal,
            onDelta: (piece) => sink('delta', { text: piece }),
          });
          if (text.trim() === '') throw new ModelStreamError('failed', 'the model answered nothing');
          const answerId = await transaction(db, async (trx) => {
            const id = await repository.nextMessageId(trx);
            const body = cipher.seal(text, { userId: asker.userId, conversationId, messageId: id });
            await repository.insertMessage(trx, {
              id,
              conversationId,
              userId: asker.userId,
              role: 'assistant',
              body,
              crisis: false,
            });
            await repository.count(trx, day, {
              answers: 1,
              ...(usage
                ? { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens }
                : {
                    estimated_tokens:
                      estimateTokens(prompt.map((message) => message.content).join('')) + estimateTokens(text),
                  }),
            });
            return id;
          });
          sink('done', { message_id: answerId });
        } catch (error) {
          if (error instanceof ModelStreamError && error.kind === 'aborted') return;
          await repository.count(db, day, { errors: 1 });
          // Anything else (the database failing to store the answer) is told the same way: the message waits.
          const key =
            error instanceof ModelStreamError && error.kind === 'timeout'
              ? 'companion_model_timeout'
              : 'companion_model_failed';
          sink('error', { code: errorCatalog[key].code, message: translate(asker.language, `errors.${key}`) });
          if (!(error instanceof ModelStreamError)) throw error;
        }
      },
    };
  }

  return {
    async send(asker: Asker, conversationId: string, content: string): Promise<PreparedAnswer> {
      const { cipher } = ready();
      const day = dayInZone(now(), timeZone);
      const limits = await checkBudget(day);
      const isCrisis = speaksOfCrisis(content);
      const messageId = await transaction(db, async (trx) => {
        const conversation = await repository.touchConversation(trx, asker.userId, conversationId);
        if (!conversation) throw new AppError('companion_conversation_not_found', { field: 'id' });
        if (!(await repository.takeAllowance(trx, asker.userId, day, limits.dailyMessages)))
          throw new AppError('companion_allowance_spent', { params: { limit: limits.dailyMessages } });
        const id = await repository.nextMessageId(trx);
        const body = cipher.seal(content, { userId: asker.userId, conversationId, messageId: id });
        await repository.insertMessage(trx, {
          id,
          conversationId,
          userId: asker.userId,
          role: 'user',
          body,
          crisis: isCrisis,
        });
        await repository.count(trx, day, { messages: 1, crisis: isCrisis ? 1 : 0 });
        return id;
      });
      return answer(asker, conversationId, messageId, isCrisis, await history(asker, conversationId));
    },

    /** Answers the conversation's last message again, when it has none (the model failed or stalled). */
    async retry(asker: Asker, conversationId: string): Promise<PreparedAnswer> {
      ready();
      await checkBudget(dayInZone(now(), timeZone));
      const conversation = await repository.conversation(db, asker.userId, conversationId);
      if (!conversation) throw new AppError('companion_conversation_not_found', { field: 'id' });
      const [last] = await repository.messages(db, conversationId, 1);
      if (!last || last.role !== 'user') throw new AppError('companion_nothing_to_retry');
      return answer(asker, conversationId, last.id, last.crisis, await history(asker, conversationId));
    },
  };
}
export type CompanionChat = ReturnType<typeof createCompanionChat>;
