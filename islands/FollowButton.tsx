/** Follow / Following on a public profile and beside the uploader on a media page (issue 32; components/ui/FollowButton.tsx). */
import { FollowButton } from "../components/ui/FollowButton.tsx";

export default FollowButton;
