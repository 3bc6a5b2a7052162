import { useNavigate } from 'react-router';
import type { AdminUser } from '#shared/admin-users.ts';
import {
  useBanMember,
  useChangeRole,
  useOpenConversation,
  useRevokeSessions,
  useUnbanMember,
} from '#web/api/admin-users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { NotifyDialog } from './notify-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

/**
 * What an admin can do to the account (docs/product.md §8.3), each behind a dialog with its reason.
 * Their own account offers none of ban and role; another admin cannot be banned until the role goes.
 */
export function MemberActions({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const ban = useBanMember(user.id);
  const unban = useUnbanMember(user.id);
  const role = useChangeRole(user.id);
  const revoke = useRevokeSessions(user.id);
  const openConversation = useOpenConversation();
  const navigate = useNavigate();

  const message = async () => {
    try {
      const conversation = await openConversation.mutateAsync(user.id);
      await navigate(`/user/communication/messages?c=${encodeURIComponent(conversation.id)}`);
    } catch (err) {
      showToast(errorMessage(err), 'error');
    }
  };

  return (
    <div className="flex flex-wrap gap-2">
      {!isSelf && !user.banned && !user.isAdmin ? (
        <ReasonDialog
          trigger="Ban"
          destructive
          title={`Ban ${user.name}?`}
          description="They are signed out everywhere and cannot sign in. Their drafts and open packages are cancelled (paid ones refunded in full) and their pending requests closed. Packages already matched or under way are left to finish."
          confirm="Ban member"
          success={`${user.name} is banned`}
          onSubmit={(input) => ban.mutateAsync(input)}
        />
      ) : null}
      {user.banned ? (
        <ReasonDialog
          trigger="Unban"
          title={`Unban ${user.name}?`}
          description="They can sign in again. What the ban cancelled stays cancelled."
          confirm="Unban member"
          success={`${user.name} is no longer banned`}
          onSubmit={(input) => unban.mutateAsync(input)}
        />
      ) : null}
      {!isSelf && !(user.banned && !user.isAdmin) ? (
        <ReasonDialog
          trigger={user.isAdmin ? 'Remove admin' : 'Make admin'}
          destructive={user.isAdmin}
          title={user.isAdmin ? `Remove ${user.name}'s admin role?` : `Make ${user.name} an administrator?`}
          description={
            user.isAdmin
              ? 'They lose access to the back office at once.'
              : 'They can use the back office: every member, payment and action in it.'
          }
          confirm={user.isAdmin ? 'Remove admin role' : 'Make admin'}
          success={user.isAdmin ? `${user.name} is no longer an administrator` : `${user.name} is now an administrator`}
          onSubmit={(input) => role.mutateAsync({ ...input, admin: !user.isAdmin })}
        />
      ) : null}
      <ReasonDialog
        trigger="Revoke sessions"
        destructive
        title={`Sign ${user.name} out everywhere?`}
        description="Every session on every device ends now. They can sign in again."
        confirm="Revoke sessions"
        success={`${user.name} is signed out everywhere`}
        onSubmit={(input) => revoke.mutateAsync(input)}
      />
      {user.deleted ? null : <NotifyDialog userId={user.id} name={user.name} />}
      {isSelf || user.deleted ? null : (
        <Button
          variant="secondary"
          onClick={() => void message()}
          aria-disabled={openConversation.isPending || undefined}
        >
          Message
        </Button>
      )}
    </div>
  );
}
