import type { CreateModuleBody, UpdateModuleBody } from '@portal/shared/course-authoring';
import { AppError } from '../../errors.ts';
import { type CourseLookup, moduleNotFound } from './course-lookup.ts';
import type { CoursesRepository } from './courses.repository.ts';

/** Checks the prerequisite is another module of the same course and that following prerequisites never loops. */
async function checkPrerequisite(
  coursesRepository: CoursesRepository,
  courseId: string,
  moduleId: string | null,
  prerequisiteId: string | null,
) {
  if (prerequisiteId === null) return;
  if (prerequisiteId === moduleId) throw new AppError('bad_request', 'A module cannot be its own prerequisite.');
  const modules = await coursesRepository.listModules(courseId);
  const byId = new Map(modules.map((module) => [module.id, module]));
  if (!byId.has(prerequisiteId)) {
    throw new AppError('bad_request', 'The prerequisite must be a module of the same course.');
  }
  const visited = new Set<string>();
  for (
    let current: string | null = prerequisiteId;
    current;
    current = byId.get(current)?.prerequisiteModuleId ?? null
  ) {
    if (current === moduleId || visited.has(current)) {
      throw new AppError('bad_request', 'That prerequisite would make modules wait for each other in a circle.');
    }
    visited.add(current);
  }
}

/** Adding, editing and removing the modules of a course. */
export function createCourseModules({
  coursesRepository,
  lookup,
}: {
  coursesRepository: CoursesRepository;
  lookup: CourseLookup;
}) {
  return {
    async createModule(courseId: string, body: CreateModuleBody) {
      await lookup.requireCourse(courseId);
      await checkPrerequisite(coursesRepository, courseId, null, body.prerequisite_module_id);
      return coursesRepository.insertModule(courseId, {
        title: body.title,
        description: body.description,
        prerequisiteModuleId: body.prerequisite_module_id,
      });
    },
    async updateModule(moduleId: string, body: UpdateModuleBody) {
      const module = await lookup.requireModule(moduleId);
      if (body.prerequisite_module_id !== undefined) {
        await checkPrerequisite(coursesRepository, module.courseId, module.id, body.prerequisite_module_id);
      }
      const updated = await coursesRepository.updateModule(moduleId, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.prerequisite_module_id !== undefined ? { prerequisiteModuleId: body.prerequisite_module_id } : {}),
      });
      if (!updated) throw moduleNotFound();
      return updated;
    },
    async deleteModule(moduleId: string) {
      const module = await lookup.requireModule(moduleId);
      if ((await coursesRepository.countLessonsInModule(moduleId)) > 0) {
        throw new AppError('conflict', 'Move or delete the lessons of this module first.');
      }
      await coursesRepository.deleteModule(module);
      return module;
    },
  };
}
