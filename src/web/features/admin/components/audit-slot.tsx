import type { AuditSubjectType } from '#shared/audit.ts';
import { RecordSection } from './record.tsx';

/**
 * AUDIT TIMELINE SLOT: where `<AuditTimeline subjectType subjectId />` (written on main by the lead)
 * goes once it is merged; replace this component's body with it. Until then the section says where
 * the record's admin actions are read.
 */
export function AuditSlot({ subjectType, subjectId }: { subjectType: AuditSubjectType; subjectId: string }) {
  return (
    <RecordSection title="Audit log">
      <p className="text-slate-600" data-audit-subject={`${subjectType}:${subjectId}`}>
        Admin actions on this record are in the audit log (GET /api/admin/audit?subjectType={subjectType}
        &amp;subjectId=…).
      </p>
    </RecordSection>
  );
}
