/**
 * 'Report project' on the project page (decision 0221): anyone but its owner and admins reports it to BuildBid's
 * moderators; once reported (and until an admin decides) the button gives way to 'Reported'. The outcome comes
 * later as a notification.
 */
import type { ToastInput } from '@buildbid/api-client';
import { REPORTED_TOAST, ReportDialog } from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { fileReport, reportedIds } from '../api.ts';

export function ReportProject({ projectId, toast }: { projectId: string; toast(t: ToastInput): void }) {
  const [reported, setReported] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let current = true;
    reportedIds('project')
      .then((ids) => {
        if (current) setReported(ids.has(projectId));
      })
      // Not knowing leaves 'Report project' offered; a second report is refused with the server's words.
      .catch((error: unknown) => console.error('Your reports failed to load', error));
    return () => {
      current = false;
    };
  }, [projectId]);

  if (reported) {
    return (
      <p className="muted small report-state" role="status">
        Reported
      </p>
    );
  }
  return (
    <>
      <Button className="btn btn-ghost btn-block" onPress={() => setOpen(true)}>
        Report project
      </Button>
      <ReportDialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Report this project"
        targetType="project"
        onReport={async ({ reason, details }) => {
          await fileReport({ targetType: 'project', targetId: projectId, reason, details });
          setReported(true);
          toast(REPORTED_TOAST);
        }}
      />
    </>
  );
}
