import '@/lib/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AuditAction } from './audit-action';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('an audit action', () => {
  it('reads as words in the reader’s language, with its code beside it', async () => {
    await i18n.changeLanguage('de');
    render(<AuditAction code="admin_user.role_change" />);
    expect(await screen.findByText('Rolle geändert')).toBeInTheDocument();
    expect(screen.getByText('admin_user.role_change')).toBeInTheDocument();
  });

  it('names a nested code in Chinese', async () => {
    await i18n.changeLanguage('zh');
    render(<AuditAction code="sso.provider.create" />);
    expect(await screen.findByText('已添加登录提供方')).toBeInTheDocument();
  });

  it('names course and SCORM package authoring in each language', async () => {
    render(<AuditAction code="course.published" />);
    expect(await screen.findByText('Course published')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('de');
    render(<AuditAction code="lesson.deleted" />);
    expect(await screen.findByText('Lektion gelöscht')).toBeInTheDocument();
    cleanup();
    await i18n.changeLanguage('zh');
    render(<AuditAction code="module.deleted" />);
    expect(await screen.findByText('已删除模块')).toBeInTheDocument();
    cleanup();
    render(<AuditAction code="scorm_package.uploaded" />);
    expect(await screen.findByText('已上传 SCORM 课件包')).toBeInTheDocument();
  });

  it('shows an action it has no words for by its code alone', async () => {
    render(<AuditAction code="lesson.archived" />);
    expect(await screen.findByText('lesson.archived')).toBeInTheDocument();
    expect(screen.queryByText('Lesson archived')).not.toBeInTheDocument();
  });
});
