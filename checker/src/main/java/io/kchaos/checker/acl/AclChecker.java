package io.kchaos.checker.acl;

import io.kchaos.checker.Checker;
import io.kchaos.checker.result.CheckResult;
import io.kchaos.history.History;

/** Placeholder, replaced by the aclcheck branch: judges nothing yet, so that the acl workload's wiring compiles. */
public final class AclChecker implements Checker {
    @Override
    public String name() {
        return "acl";
    }

    @Override
    public CheckResult check(History history) {
        CheckResult r = new CheckResult();
        r.warn("the acl checker is a placeholder: nothing judged");
        return r;
    }
}
