package io.kchaos.nemesis.catalogue;

/**
 * A {@code --nemesis} name no longer accepted because it meant two things: a run given it stops with one line naming
 * the fault's name of today. Histories are not affected: their op names are read as before.
 *
 * @param name the retired name
 * @param now  the fault's name of today
 * @param why  what else the old name means
 */
public record RetiredName(String name, String now, String why) {
    /** The one line a run given the old name prints. */
    public String message() {
        return "--nemesis " + name + " is retired (" + why + "); use --nemesis " + now;
    }
}
