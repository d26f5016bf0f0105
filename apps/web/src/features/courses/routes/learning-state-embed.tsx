import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useModuleLearningState } from '../api/get-module-learning-state';
import { ModuleStateCard } from '../components/module-state-card';
import { ErrorState, LoadingState } from '../components/query-state';

/** One module's learning state without the dashboard chrome, for embedding in another page. */
export function LearningStateEmbedPage() {
  const { t } = useTranslation('courses');
  const { moduleId = '' } = useParams();
  const state = useModuleLearningState(moduleId);
  return (
    <main id="main" className="mx-auto max-w-3xl bg-background p-4 sm:p-6">
      {state.isPending ? <LoadingState /> : null}
      {state.isError ? (
        <div className="flex flex-col gap-4">
          <h1 className="text-xl font-semibold">{t('learningState.embedTitle')}</h1>
          <ErrorState error={state.error} onRetry={() => void state.refetch()} notFoundIcon={ListChecks} />
        </div>
      ) : null}
      {state.data ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{state.data.course.title}</p>
          <ModuleStateCard
            module={state.data.module}
            courseId={state.data.course.id}
            number={state.data.module.position + 1}
            headingLevel={1}
            linkTarget="_top"
          />
        </div>
      ) : null}
    </main>
  );
}
